import { z } from 'zod';
import { decimalNumber, idParamsSchema, isoDateTime } from './common';

/**
 * Receipts and credit notes (docs/product.md §7): a paid booking's receipt and a credit note for each
 * refund, as PDF files for the booking's own customer. Another customer's booking is a 404.
 */

/** GET /api/bookings/:id/credit-notes/:noteId */
export const creditNoteParamsSchema = idParamsSchema.extend({
  noteId: decimalNumber(
    z
      .number({ message: 'noteId must be a positive whole number' })
      .int('noteId must be a positive whole number')
      .positive('noteId must be a positive whole number')
      .max(2_147_483_647, 'noteId is too large'),
  ),
});

/** What a customer's booking offers to download: its receipt once paid, and its credit notes. */
export const bookingDocumentsSchema = z.object({
  /** The receipt (null for a booking never paid); `number` is null until it is first issued. */
  receipt: z.object({ number: z.string().nullable(), url: z.string() }).nullable(),
  creditNotes: z.array(
    z.object({ number: z.string(), url: z.string(), amountCents: z.number().int(), issuedAt: isoDateTime }),
  ),
});
export type BookingDocuments = z.infer<typeof bookingDocumentsSchema>;
