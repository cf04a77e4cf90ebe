import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  filenameParamsSchema,
  MAX_FILES_PER_UPLOAD,
  STORED_FILENAME,
  UPLOAD_LIMITS,
  uploadQuerySchema,
  uploadResponseSchema,
} from '../../../shared/contract/applications';
import { errorSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import { requireUser } from '../../plugins/session';
import { documentErrors } from './applications.errors';
import type { DocumentRow } from './applications.repository';
import { type IncomingFile, openDocument, openProviderPhoto, storeUploads } from './applications.usecases';
import type { FileStorage } from './storage';

const FILE_FIELDS = new Set(['files', 'file']);

/** Files are never shown inline as pages: downloads carry their stored type, nosniff and a sandbox. */
function sendFile(
  reply: FastifyReply,
  file: { document: DocumentRow; stream: NodeJS.ReadableStream },
  disposition: 'attachment' | 'inline',
) {
  return reply
    .header('content-type', file.document.mimeType)
    .header('content-length', String(file.document.sizeBytes))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', `${disposition}; filename="${file.document.filename}"`)
    .send(file.stream);
}

/** Upload (open to visitors, rate limited), download (owner or admin) and public provider photos. */
export const documentRoutes: FastifyPluginAsyncZod<AppDeps & { storage: FileStorage }> = async (
  app,
  deps,
) => {
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_LIMITS.document.maxBytes,
      files: MAX_FILES_PER_UPLOAD,
      fields: 10,
      fieldSize: 1000,
      parts: MAX_FILES_PER_UPLOAD + 10,
    },
  });

  app.post(
    '/documents/upload',
    {
      schema: {
        tags: ['applications'],
        summary: 'Upload files (multipart, repeated field "files"; ?kind=document|profile_image|price_list)',
        description:
          'Checked by content: documents pdf, jpg, png, doc, docx up to 10 MB; profile image jpg, png, webp, gif up to 5 MB; price list pdf, xls, xlsx, jpg, png up to 10 MB; at most 10 files.',
        querystring: uploadQuerySchema,
        response: {
          201: uploadResponseSchema,
          400: errorSchema,
          413: errorSchema,
          415: errorSchema,
          429: errorSchema,
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw documentErrors.notMultipart();
      const { kind } = request.query;
      const parts = request.files({
        limits: { fileSize: UPLOAD_LIMITS[kind].maxBytes, files: MAX_FILES_PER_UPLOAD },
      });
      async function* incoming(): AsyncGenerator<IncomingFile> {
        let current = 'file';
        try {
          for await (const part of parts) {
            if (!FILE_FIELDS.has(part.fieldname)) {
              part.file.resume();
              continue;
            }
            current = part.filename || 'file';
            yield { originalName: current, read: () => part.toBuffer() };
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw documentErrors.tooManyFiles();
          // Over a real connection the size limit can surface here rather than in toBuffer().
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw documentErrors.tooLarge(kind, current);
          throw error;
        }
      }
      const filenames = await storeUploads(deps, { kind, files: incoming(), user: request.user });
      return reply.status(201).send({
        filenames,
        message: `${filenames.length} file${filenames.length === 1 ? '' : 's'} uploaded.`,
      });
    },
  );

  app.get(
    '/documents/:filename',
    {
      schema: {
        tags: ['applications'],
        summary: 'Download a document (admins: any; the applicant: their own)',
        params: filenameParamsSchema,
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { filename } = request.params;
      if (!STORED_FILENAME.test(filename) || filename.includes('..')) {
        throw user.role === 'admin' ? documentErrors.notFound() : documentErrors.forbidden();
      }
      const file = await openDocument(deps, user, filename);
      reply.header('cache-control', 'private, no-store');
      return sendFile(reply, file, 'attachment');
    },
  );

  app.get(
    '/provider-photos/:filename',
    {
      schema: {
        tags: ['catalog'],
        summary: "A provider's photo (public)",
        params: filenameParamsSchema,
        response: { 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { filename } = request.params;
      if (!STORED_FILENAME.test(filename) || filename.includes('..')) throw documentErrors.notFound();
      const file = await openProviderPhoto(deps, filename);
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return sendFile(reply, file, 'inline');
    },
  );
};
