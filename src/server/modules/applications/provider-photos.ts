import type { Executor } from '../../db/client';
import { displayFilename } from '../../../shared/contract/applications';
import { insertDocuments, type DocumentRow } from './applications.repository';
import type { FileStorage } from './storage';
import { storedName } from './uploads';

/** The public address of a provider photo. */
export function providerPhotoUrl(filename: string): string {
  return `/api/provider-photos/${filename}`;
}

/** The artwork a listing shows when it has no photo of its own. */
export function defaultProviderImage(categorySlug: string): string {
  return `/images/providers/${categorySlug}-1.svg`;
}

/**
 * Publishes a private upload (a profile image) as a public provider photo: a copy under a new name,
 * recorded as kind provider_photo, so the application's own files stay private.
 */
export async function publishProviderPhoto(
  deps: { db: Executor; storage: FileStorage; now: Date },
  source: Pick<DocumentRow, 'filename' | 'mimeType' | 'sizeBytes'>,
): Promise<string> {
  const ext = source.filename.split('.').pop() ?? 'jpg';
  const filename = storedName(displayFilename(source.filename), ext);
  await deps.storage.put(filename, deps.storage.get(source.filename));
  await insertDocuments(deps.db, [
    {
      filename,
      originalName: displayFilename(source.filename),
      mimeType: source.mimeType,
      sizeBytes: source.sizeBytes,
      kind: 'provider_photo',
      createdAt: deps.now,
    },
  ]);
  return providerPhotoUrl(filename);
}
