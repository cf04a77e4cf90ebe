import { zodResolver } from '@hookform/resolvers/zod';
import { UPLOAD_LIMITS } from '@shared/contract/applications';
import { type PartnerListing, partnerListingBodySchema } from '@shared/contract/partner';
import { HST_NUMBER_EXAMPLE } from '@shared/domain/hst';
import { CITIES, citySlug } from '@shared/domain/ontario';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useUploadFiles } from '@/features/applications/uploads';
import { fileTooLarge, invalidFileType, uploadFailed } from '@/features/applications/uploads';
import { isImageFile } from '@/features/applications/uploads';
import { errorMessage } from '@/lib/errors';
import { FALLBACK_IMAGE, swapToFallback } from '@/lib/images';
import { notify } from '@/lib/toast';
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
});

/**
 * The listing's description, city, business street address, HST number and photo (uploaded as a
 * profile image, then saved with the listing). The contract's body schema validates it, as the server does.
 */
export function ListingEditor({ listing }: { listing: PartnerListing }) {
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
    if (!isImageFile(file)) return invalidFileType('Upload an image file (JPG, PNG, etc.)');
    if (file.size > UPLOAD_LIMITS.profile_image.maxBytes)
      return fileTooLarge('Profile image must be less than 5MB.');
    upload.mutate(
      { kind: 'profile_image', files: [file] },
      {
        onSuccess: ({ filenames }) => {
          form.setValue('imageFilename', filenames[0], { shouldDirty: true });
          setPreview(URL.createObjectURL(file));
        },
        onError: (error) => uploadFailed(error, 'Failed to read image file'),
      },
    );
  };

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        notify(
          'success',
          'Listing saved',
          'Your description, city, address, HST number and photo are up to date.',
        );
      },
      onError: (error) => notify('error', 'Save failed', errorMessage(error, 'Please try again.')),
    }),
  );

  const shownImage = preview ?? listing.imageUrl ?? FALLBACK_IMAGE;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Listing Details" className="grid gap-4">
      <FormError
        message={formWide?.message ?? (save.isError ? errorMessage(save.error, 'Please try again.') : null)}
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
            JPG, PNG, WebP or GIF, up to 5MB. Saved with the listing.
          </p>
          <label
            htmlFor={photoId}
            className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-line bg-surface px-4 text-sm font-semibold text-ink hover:border-primary-300 hover:bg-primary-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-400 sm:justify-self-start"
          >
            {upload.isPending ? 'Uploading...' : 'Change Photo'}
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
      <FormField label="Description" error={errors.description?.message} hint="At least 30 characters.">
        <Textarea {...form.register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="City" error={errors.city?.message}>
          <NativeSelect {...form.register('city')}>
            <option value="">Select a city</option>
            {CITIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label="Street address (optional)"
          error={errors.streetAddress?.message}
          hint="Shown on bookings of services at your place. Leave empty to remove it."
        >
          <Input autoComplete="street-address" {...form.register('streetAddress')} />
        </FormField>
      </div>
      <FormField
        label="HST number (optional)"
        error={errors.hstNumber?.message}
        hint={
          listing.categoryTaxExempt
            ? `Printed on your receipts. Your category (${listing.categoryName}) is exempt: no HST is added to your prices.`
            : `9 digits, RT and 4 digits, e.g. ${HST_NUMBER_EXAMPLE}. With it, 13% HST is added to your prices on new bookings and printed on receipts. Leave empty to remove it.`
        }
      >
        <Input autoComplete="off" spellCheck={false} {...form.register('hstNumber')} />
      </FormField>
      <Button type="submit" className="sm:justify-self-end" disabled={save.isPending || upload.isPending}>
        {save.isPending ? 'Saving...' : 'Save Listing'}
      </Button>
    </form>
  );
}
