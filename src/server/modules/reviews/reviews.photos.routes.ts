import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filenameParamsSchema } from '../../../shared/contract/uploads';
import { errorSchema } from '../../../shared/contract/common';
import {
  REVIEW_PHOTO_ID,
  REVIEW_PHOTO_LIMITS,
  reviewPhotosResponseSchema,
} from '../../../shared/contract/reviews';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedInOnly } from '../../plugins/session';
import { reviewErrors } from './reviews.errors';
import { type IncomingPhoto, openReviewPhoto, storeReviewPhotos } from './reviews.photos';

const PHOTO_FIELDS = new Set(['photos', 'photo', 'files', 'file']);

/** Uploading review photos (signed in) and serving them (public, once part of a visible review). */
export const reviewPhotoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(multipart, {
    limits: {
      fileSize: REVIEW_PHOTO_LIMITS.maxBytes,
      files: REVIEW_PHOTO_LIMITS.maxPhotos,
      fields: 5,
      fieldSize: 1000,
      parts: REVIEW_PHOTO_LIMITS.maxPhotos + 5,
    },
  });

  app.post(
    '/reviews/photos',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Upload review photos (multipart, repeated field "photos"), then name them in the review',
        description:
          'At most 4 photos, JPEG, PNG or WebP (checked by content), 5 MB each. Each is re-encoded as WebP, at most 1600 px on its longest side, without EXIF or other metadata. Photos not used by a review within 24 hours are removed.',
        response: {
          201: reviewPhotosResponseSchema,
          400: errorSchema,
          401: errorSchema,
          413: errorSchema,
          415: errorSchema,
          429: errorSchema,
        },
      },
      onRequest: signedInOnly,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw reviewErrors.notMultipart();
      const parts = request.files();
      async function* incoming(): AsyncGenerator<IncomingPhoto> {
        let current = 'photo';
        try {
          for await (const part of parts) {
            if (!PHOTO_FIELDS.has(part.fieldname)) {
              part.file.resume();
              continue;
            }
            current = part.filename || 'photo';
            yield { originalName: current, read: () => part.toBuffer() };
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw reviewErrors.tooManyPhotos();
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw reviewErrors.photoTooLarge(current);
          throw error;
        }
      }
      const photos = await storeReviewPhotos(deps, user, incoming());
      return reply.code(201).send({ photos });
    },
  );

  app.get(
    '/review-photos/:filename',
    {
      schema: {
        tags: ['reviews'],
        summary: "A review's photo (public while the review is shown)",
        params: filenameParamsSchema,
        response: { 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { filename } = request.params;
      if (!REVIEW_PHOTO_ID.test(filename)) throw reviewErrors.notFound();
      const photo = await openReviewPhoto(deps, filename, request.user ?? null);
      return sendPhoto(reply, photo);
    },
  );
};

/** Only the re-encoded WebP is ever stored: its type is known, and nothing in it runs. */
function sendPhoto(
  reply: FastifyReply,
  photo: { filename: string; sizeBytes: number; hiddenAt: Date | null; stream: NodeJS.ReadableStream },
) {
  return reply
    .header('content-type', 'image/webp')
    .header('content-length', String(photo.sizeBytes))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', `inline; filename="${photo.filename}"`)
    .header('cache-control', photo.hiddenAt ? 'private, no-store' : 'public, max-age=3600')
    .send(photo.stream);
}
