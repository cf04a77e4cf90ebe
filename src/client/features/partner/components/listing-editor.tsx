import { UPLOAD_LIMITS } from '@shared/contract/applications';
import { type PartnerListing, partnerListingBodySchema } from '@shared/contract/partner';
import { CITIES, citySlug } from '@shared/domain/ontario';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useUploadFiles } from '@/features/applications/uploads';
import { fileTooLarge, invalidFileType, uploadFailed } from '@/features/applications/uploads';
import { isImageFile } from '@/features/applications/uploads';
import { errorMessage } from '@/lib/errors';
import { FALLBACK_IMAGE, swapToFallback } from '@/lib/images';
import { notify } from '@/lib/toast';
import { useUpdatePartnerListing } from '../api/update-partner-listing';

/** The listing's description, city and photo (uploaded as a profile image, then saved with the listing). */
export function ListingEditor({ listing }: { listing: PartnerListing }) {
  const save = useUpdatePartnerListing();
  const upload = useUploadFiles();
  const photoId = useId();
  const [description, setDescription] = useState(listing.description);
  const [city, setCity] = useState(listing.citySlug || citySlug(listing.city));
  const [imageFilename, setImageFilename] = useState<string | undefined>(undefined);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ description?: string; city?: string; form?: string }>({});

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
          setImageFilename(filenames[0]);
          setPreview(URL.createObjectURL(file));
        },
        onError: (error) => uploadFailed(error, 'Failed to read image file'),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { description, city, ...(imageFilename ? { imageFilename } : {}) };
    const parsed = partnerListingBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'description' || key === 'city') next[key] ??= issue.message;
        else next.form ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: () => {
        setImageFilename(undefined);
        notify('success', 'Listing saved', 'Your description, city and photo are up to date.');
      },
      onError: (error) => notify('error', 'Save failed', errorMessage(error, 'Please try again.')),
    });
  };

  const shownImage = preview ?? listing.imageUrl ?? FALLBACK_IMAGE;

  return (
    <form onSubmit={submit} noValidate aria-label="Listing Details" className="grid gap-4">
      <FormError
        message={errors.form ?? (save.isError ? errorMessage(save.error, 'Please try again.') : null)}
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
      <FormField label="Description" error={errors.description} hint="At least 30 characters.">
        <Textarea value={description} onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <FormField label="City" error={errors.city}>
        <NativeSelect value={city} onChange={(e) => setCity(e.target.value)}>
          <option value="">Select a city</option>
          {CITIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button type="submit" className="sm:justify-self-end" disabled={save.isPending || upload.isPending}>
        {save.isPending ? 'Saving...' : 'Save Listing'}
      </Button>
    </form>
  );
}
