import { zodResolver } from '@hookform/resolvers/zod';
import { UPLOAD_LIMITS } from '@shared/contract/applications';
import { type PartnerListing, partnerListingBodySchema } from '@shared/contract/partner';
import { HST_NUMBER_EXAMPLE } from '@shared/domain/hst';
import { CITIES, citySlug } from '@shared/domain/ontario';
import { SERVICE_LANGUAGES, type ServiceLanguage } from '@shared/domain/service-languages';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useUploadFiles, useUploadToasts } from '@/features/applications/uploads';
import { isImageFile } from '@/features/applications/uploads';
import { errorMessage } from '@/lib/errors';
import { FALLBACK_IMAGE, swapToFallback } from '@/lib/images';
import { notify } from '@/lib/toast';
import { useT, useValidationText } from '@/lib/i18n/i18n';
import { useUpdatePartnerListing } from '../api/update-partner-listing';

type ListingInput = z.input<typeof partnerListingBodySchema>;
type ListingBody = z.output<typeof partnerListingBodySchema>;

/** What the form shows for a saved listing (an empty street address field means none). */
const valuesOf = (listing: PartnerListing): ListingInput => ({
  description: listing.description,
  city: listing.citySlug || citySlug(listing.city),
  streetAddress: listing.streetAddress ?? '',
  hstNumber: listing.hstNumber ?? '',
  imageFilename: undefined,
  serviceLanguages: listing.serviceLanguages,
});

/**
 * The listing's description, city, business street address, HST number, the languages the partner
 * serves in (English, French or both: French gets the listing the "French-speaking" badge and the
 * search filter) and photo (uploaded as a profile image, then saved with the listing). The contract's
 * body schema validates it, as the server does.
 */
export function ListingEditor({ listing }: { listing: PartnerListing }) {
  const t = useT('partner');
  const tb = useT('backoffice');
  const validationText = useValidationText();
  const { uploadFailed, fileTooLarge, invalidFileType } = useUploadToasts();
  const languagesId = useId();
  const save = useUpdatePartnerListing();
  const upload = useUploadFiles();
  const photoId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const form = useForm<ListingInput, unknown, ListingBody>({
    resolver: zodResolver(partnerListingBodySchema),
    defaultValues: valuesOf(listing),
  });
  const { errors } = form.formState;
  // A refinement of the whole body (no field of its own) lands under the root key.
  const formWide = (errors as { ''?: { message?: string } })[''];

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choosePhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isImageFile(file)) return invalidFileType(tb('upload.imageType'));
    if (file.size > UPLOAD_LIMITS.profile_image.maxBytes) return fileTooLarge(tb('upload.imageTooLarge'));
    upload.mutate(
      { kind: 'profile_image', files: [file] },
      {
        onSuccess: ({ filenames }) => {
          form.setValue('imageFilename', filenames[0], { shouldDirty: true });
          setPreview(URL.createObjectURL(file));
        },
        onError: (error) => uploadFailed(error, tb('upload.imageFailed')),
      },
    );
  };

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        notify('success', t('listing.saved'), t('listing.savedText'));
      },
      onError: (error) => notify('error', t('toast.saveFailed'), errorMessage(error, t('toast.tryAgain'))),
    }),
  );

  const shownImage = preview ?? listing.imageUrl ?? FALLBACK_IMAGE;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('listing.formLabel')} className="grid gap-4">
      <FormError
        message={formWide?.message ?? (save.isError ? errorMessage(save.error, t('toast.tryAgain')) : null)}
      />
      <div className="flex flex-col items-center gap-4 sm:flex-row">
        <img
          src={shownImage}
          onError={swapToFallback}
          alt={listing.name}
          width={112}
          height={112}
          className="size-28 shrink-0 rounded-xl border border-line object-cover"
        />
        <div className="grid gap-2 text-center sm:text-left">
          <p id={`${photoId}-hint`} className="text-sm text-muted">
            {t('listing.photoHint')}
          </p>
          <label
            htmlFor={photoId}
            className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-line bg-surface px-4 text-sm font-semibold text-ink hover:border-primary-300 hover:bg-primary-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-400 sm:justify-self-start"
          >
            {upload.isPending ? t('listing.uploading') : t('listing.changePhoto')}
            <input
              id={photoId}
              type="file"
              accept={UPLOAD_LIMITS.profile_image.accept}
              aria-describedby={`${photoId}-hint`}
              className="sr-only"
              onChange={choosePhoto}
              disabled={upload.isPending}
            />
          </label>
        </div>
      </div>
      <FormField
        label={t('listing.description')}
        error={errors.description?.message}
        hint={t('listing.descriptionHint')}
      >
        <Textarea {...form.register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('listing.city')} error={errors.city?.message}>
          <NativeSelect {...form.register('city')}>
            <option value="">{t('listing.selectCity')}</option>
            {CITIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label={t('listing.streetAddress')}
          error={errors.streetAddress?.message}
          hint={t('listing.streetAddressHint')}
        >
          <Input autoComplete="street-address" {...form.register('streetAddress')} />
        </FormField>
      </div>
      <FormField
        label={t('listing.hstNumber')}
        error={errors.hstNumber?.message}
        hint={
          listing.categoryTaxExempt
            ? t('listing.hstExempt', { category: listing.categoryName })
            : t('listing.hstHint', { example: HST_NUMBER_EXAMPLE })
        }
      >
        <Input autoComplete="off" spellCheck={false} {...form.register('hstNumber')} />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={`${languagesId}-hint`}>
        <legend className="text-sm font-semibold text-ink">{t('listing.languages')}</legend>
        <p id={`${languagesId}-hint`} className="text-xs text-muted">
          {t('listing.languagesHint')}
        </p>
        <Controller
          control={form.control}
          name="serviceLanguages"
          render={({ field }) => {
            const chosen = (field.value ?? []) as ServiceLanguage[];
            return (
              <div className="flex flex-wrap gap-x-6">
                {SERVICE_LANGUAGES.map((language) => (
                  <div key={language} className="flex min-h-11 items-center gap-3">
                    <Checkbox
                      id={`${languagesId}-${language}`}
                      checked={chosen.includes(language)}
                      aria-invalid={errors.serviceLanguages ? true : undefined}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked === true
                            ? SERVICE_LANGUAGES.filter((l) => l === language || chosen.includes(l))
                            : chosen.filter((l) => l !== language),
                        )
                      }
                      onBlur={field.onBlur}
                    />
                    <Label htmlFor={`${languagesId}-${language}`} className="font-medium">
                      {t(`listing.language.${language}`)}
                    </Label>
                  </div>
                ))}
              </div>
            );
          }}
        />
        {errors.serviceLanguages?.message ? (
          <p className="text-sm font-medium text-danger">{validationText(errors.serviceLanguages.message)}</p>
        ) : null}
      </fieldset>
      <Button type="submit" className="sm:justify-self-end" disabled={save.isPending || upload.isPending}>
        {save.isPending ? t('listing.saving') : t('listing.save')}
      </Button>
    </form>
  );
}
