import sharp from 'sharp';
import { REVIEW_PHOTO_LIMITS, type ReviewPhoto } from '../../../shared/contract/reviews';
import type { User } from '../../../shared/contract/auth';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import type { FileStorage } from '../applications/storage';
import { detectAllowedType, storedName } from '../applications/uploads';
import type { JobHandlers } from '../jobs/jobs.runner';
import { reviewErrors } from './reviews.errors';
import { deleteUnclaimedPhotos, findServablePhoto, insertReviewPhotos } from './reviews.repository';

/**
 * Review photos (docs/product.md §8): JPEG, PNG or WebP by their content (never their name), 5 MB at
 * most as sent, then re-encoded by sharp: turned upright, at most 1600 px on the longest side, written
 * as WebP without any metadata (phone photos carry the GPS position of people's homes in their EXIF).
 * Only the re-encoded file is stored, through the storage interface. A photo is uploaded first and
 * claimed by the review that names it; unclaimed ones are removed after a day.
 */

const ACCEPTED = new Set(['jpg', 'png', 'webp']);
/** Bigger than any phone camera; a decompression bomb is refused before it is decoded. */
const MAX_INPUT_PIXELS = 60_000_000;

export const CLEAN_REVIEW_PHOTOS_JOB = 'reviews.clean-unclaimed-photos';
export const UNCLAIMED_PHOTO_MS = 24 * 3_600_000;

export function reviewPhotoUrl(filename: string): string {
  return `/api/review-photos/${filename}`;
}

export function photoFilenameOfUrl(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}

/** The photo re-encoded as WebP (upright, at most 1600 px, no metadata), or null when it cannot be read. */
export async function reencodePhoto(content: Buffer) {
  try {
    const { data, info } = await sharp(content, {
      autoOrient: true,
      failOn: 'error',
      limitInputPixels: MAX_INPUT_PIXELS,
    })
      .resize({
        width: REVIEW_PHOTO_LIMITS.maxSide,
        height: REVIEW_PHOTO_LIMITS.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

export type IncomingPhoto = { originalName: string; read: () => Promise<Buffer> };

type PhotoDeps = { db: Executor; clock: Clock; storage: FileStorage };

/** Checks, re-encodes and stores the photos of one upload; all or nothing. */
export async function storeReviewPhotos(
  deps: PhotoDeps,
  user: User,
  files: AsyncIterable<IncomingPhoto>,
): Promise<ReviewPhoto[]> {
  const stored: (ReviewPhoto & { sizeBytes: number })[] = [];
  try {
    for await (const file of files) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
      const name = file.originalName.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 120) || 'photo';
      if (stored.length >= REVIEW_PHOTO_LIMITS.maxPhotos) throw reviewErrors.tooManyPhotos();
      let content: Buffer;
      try {
        content = await file.read();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw reviewErrors.photoTooLarge(name);
        throw error;
      }
      if (content.length > REVIEW_PHOTO_LIMITS.maxBytes) throw reviewErrors.photoTooLarge(name);
      const type = await detectAllowedType('profile_image', content);
      if (!type || !ACCEPTED.has(type.ext)) throw reviewErrors.photoType(name);
      const photo = await reencodePhoto(content);
      if (!photo) throw reviewErrors.photoType(name);
      const filename = storedName('photo', 'webp');
      await deps.storage.put(filename, photo.data);
      stored.push({
        id: filename,
        url: reviewPhotoUrl(filename),
        width: photo.width,
        height: photo.height,
        sizeBytes: photo.data.length,
      });
    }
    if (stored.length === 0) throw reviewErrors.noPhotos();
    const now = deps.clock.now();
    await insertReviewPhotos(
      deps.db,
      stored.map((p) => ({
        filename: p.id,
        uploadedByUserId: user.id,
        width: p.width,
        height: p.height,
        sizeBytes: p.sizeBytes,
        createdAt: now,
      })),
    );
  } catch (error) {
    await Promise.all(stored.map((p) => deps.storage.delete(p.id).catch(() => {})));
    throw error;
  }
  return stored.map(({ sizeBytes: _size, ...photo }) => photo);
}

/** A photo of a visible review (an admin also sees those of hidden ones), or a 404. */
export async function openReviewPhoto(deps: PhotoDeps, filename: string, viewer: User | null) {
  const row = await findServablePhoto(deps.db, filename, viewer?.role === 'admin');
  if (!row || !(await deps.storage.exists(row.filename))) throw reviewErrors.notFound();
  return { ...row, stream: deps.storage.get(row.filename) };
}

/** Hourly: photos uploaded but never part of a review are removed after a day (rows first, then files). */
export function reviewPhotoJobHandlers(deps: PhotoDeps): JobHandlers {
  return {
    [CLEAN_REVIEW_PHOTOS_JOB]: async (_payload, { now }) => {
      const before = new Date(now.getTime() - UNCLAIMED_PHOTO_MS);
      for (;;) {
        const filenames = await deleteUnclaimedPhotos(deps.db, { before, limit: 200 });
        for (const filename of filenames) await deps.storage.delete(filename);
        if (filenames.length < 200) break;
      }
      return undefined;
    },
  };
}
