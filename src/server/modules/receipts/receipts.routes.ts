import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import { creditNoteParamsSchema } from '../../../shared/contract/receipts';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedInOnly } from '../../plugins/session';
import { requestLocale } from '../../i18n/request-locale';
import { customerCreditNote, customerReceipt } from './receipts.usecases';

/** A booking's receipt and credit notes as PDF files, for its own customer (docs/product.md §7). */
export const receiptRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', signedInOnly);
  const answers = {
    200: z.any().describe('application/pdf'),
    400: errorSchema,
    401: errorSchema,
    404: errorSchema,
    409: errorSchema,
  };
  const sendPdf = (file: { filename: string; pdf: Buffer }) => ({
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${file.filename}"`,
    'cache-control': 'private, no-store',
  });

  app.get(
    '/bookings/:id/receipt',
    {
      schema: {
        tags: ['bookings'],
        summary: "Your paid booking's receipt (PDF): lines, HST numbers, card, cancellation policy",
        params: idParamsSchema,
        response: answers,
      },
    },
    async (request, reply) => {
      const file = await customerReceipt(
        deps,
        requireUser(request),
        request.params.id,
        requestLocale(request),
      );
      return reply.headers(sendPdf(file)).send(file.pdf);
    },
  );

  app.get(
    '/bookings/:id/credit-notes/:noteId',
    {
      schema: {
        tags: ['bookings'],
        summary: "A credit note of your booking (PDF): a refund's lines, naming the receipt",
        params: creditNoteParamsSchema,
        response: answers,
      },
    },
    async (request, reply) => {
      const { id, noteId } = request.params;
      const file = await customerCreditNote(deps, requireUser(request), id, noteId, requestLocale(request));
      return reply.headers(sendPdf(file)).send(file.pdf);
    },
  );
};
