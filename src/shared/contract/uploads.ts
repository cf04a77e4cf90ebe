import { z } from 'zod';

/** Uploads: what may be sent, how big, and how stored files are named. */

/** Upload kinds and their limits: the server enforces them, the client shows them. */
export const UPLOAD_KINDS = ['document', 'profile_image', 'price_list'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const MAX_FILES_PER_UPLOAD = 10;
export const UPLOAD_LIMITS: Record<UploadKind, { maxBytes: number; accept: string }> = {
  document: { maxBytes: 10 * 1024 * 1024, accept: '.pdf,.jpg,.jpeg,.png,.doc,.docx' },
  profile_image: { maxBytes: 5 * 1024 * 1024, accept: 'image/png,image/jpeg,image/webp,image/gif' },
  price_list: { maxBytes: 10 * 1024 * 1024, accept: '.pdf,.xls,.xlsx,.jpeg,.jpg,.png' },
};

/** A stored file name as the server hands it out: `<random prefix>-<sanitised original name>`. */
export const STORED_FILENAME = /^[a-f0-9]{16,64}-[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;
export const storedFilenameSchema = z
  .string()
  .trim()
  .max(220, 'Unknown file')
  .refine((v) => STORED_FILENAME.test(v) && !v.includes('..'), 'Unknown file');

/** What the display shows of a stored name: the part after the random prefix. */
export function displayFilename(stored: string): string {
  const hyphen = stored.indexOf('-');
  return hyphen >= 0 ? stored.slice(hyphen + 1) : stored;
}

export const uploadQuerySchema = z.object({
  kind: z
    .enum(UPLOAD_KINDS, { message: 'kind must be document, profile_image or price_list' })
    .default('document'),
});
export const uploadResponseSchema = z.object({ filenames: z.array(z.string()), message: z.string() });

export const filenameParamsSchema = z.object({ filename: z.string().max(300) });
