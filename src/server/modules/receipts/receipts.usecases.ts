import type { User } from '../../../shared/contract/auth';
import type { BookingDocuments } from '../../../shared/contract/receipts';
import { formatBookedTime } from '../../../shared/domain/dates';
import { formatHstNumber } from '../../../shared/domain/hst';
import { lineWords, type MoneyLine } from '../../../shared/domain/price-lines';
import type { Locale } from '../../../shared/i18n/locales';
import type { AppDeps } from '../../app-deps';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import type { Env } from '../../env';
import { type EmailKey, emailText, type MessageValues } from '../../i18n/server-i18n';
import { type BookingRow, findBookingById } from '../bookings/bookings.repository';
import { chargedLines, findScopedBooking } from '../bookings/bookings.views.repository';
import type { DrawnAttachment, MailAttachment } from '../email/email.transport';
import { receiptErrors } from './receipts.errors';
import { type ReceiptDocument, renderReceiptPdf } from './receipts.pdf';
import {
  findCreditNoteOfRefund,
  findDocument,
  findReceipt,
  findReceiptParties,
  insertNumberedReceipt,
  listDocuments,
  type ReceiptRow,
} from './receipts.repository';

/**
 * Receipts and credit notes (docs/product.md §7, DECISIONS 25). A paid booking's receipt is issued in
 * the payment's transaction with the next number (no gaps); each refund of it issues a credit note that
 * names the receipt. The rows keep what is printed; the PDF is drawn from them on every download.
 */

export type ReceiptEnv = Pick<Env, 'TRILLIUM_LEGAL_NAME' | 'TRILLIUM_HST_NUMBER' | 'MAIL_POSTAL_ADDRESS'>;

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

/** `R-000042` for receipts, `CN-000007` for credit notes. */
export function documentNumber(row: Pick<ReceiptRow, 'kind' | 'number'>): string {
  return `${row.kind === 'receipt' ? 'R' : 'CN'}-${String(row.number).padStart(6, '0')}`;
}

/** Only a booking that was paid and confirmed has a receipt, and so credit notes for its refunds. */
const hasReceipt = (booking: Pick<BookingRow, 'confirmedAt'>) => booking.confirmedAt !== null;

/**
 * The booking's receipt, issued now in the caller's transaction if it has none: in the payment's
 * transaction for every new payment, or at the first download for a booking paid before receipts
 * existed. Only a booking that was paid and confirmed has one.
 */
export async function issueReceipt(
  tx: Executor,
  env: ReceiptEnv,
  booking: BookingRow,
  now: Date,
): Promise<ReceiptRow | null> {
  if (!hasReceipt(booking)) return null;
  // The parties and whether a receipt exists in one read; the receipt itself only when it does.
  const parties = await findReceiptParties(tx, {
    bookingId: booking.id,
    providerId: booking.providerId,
    intentId: booking.paymentIntentId,
  });
  if (parties.hasReceipt) {
    const existing = await findReceipt(tx, booking.id);
    if (existing) return existing;
  }
  const lines = chargedLines(booking);
  return insertNumberedReceipt(tx, {
    kind: 'receipt',
    bookingId: booking.id,
    lines,
    totalCents: booking.totalCents,
    sellerName: env.TRILLIUM_LEGAL_NAME,
    sellerAddress: env.MAIL_POSTAL_ADDRESS,
    sellerHstNumber: env.TRILLIUM_HST_NUMBER,
    partnerName: parties.provider?.name ?? 'Trillium professional',
    // The registration the booking was priced under, not the listing's now (it may have changed since).
    partnerHstNumber: booking.partnerHstNumber,
    cardBrand: parties.card?.brand ?? null,
    cardLast4: parties.card?.last4 ?? null,
    issuedAt: now,
  });
}

/**
 * The credit note of a refund, in the refund's transaction, naming the booking's receipt (issued first
 * if it had none). Once per refund; none for a payment whose booking never was confirmed (it had no
 * receipt: a payment that lost its time is simply given back).
 */
export async function issueCreditNote(
  tx: Executor,
  env: ReceiptEnv,
  input: { booking: BookingRow; refundId: number; lines: MoneyLine[]; amountCents: number; now: Date },
): Promise<ReceiptRow | null> {
  const existing = await findCreditNoteOfRefund(tx, input.refundId);
  if (existing) return existing;
  const receipt = await issueReceipt(tx, env, input.booking, input.now);
  if (!receipt) return null;
  return insertNumberedReceipt(tx, {
    kind: 'credit_note',
    bookingId: input.booking.id,
    refundId: input.refundId,
    receiptId: receipt.id,
    lines: input.lines.filter((line) => line.amount !== 0),
    totalCents: input.amountCents,
    sellerName: receipt.sellerName,
    sellerAddress: receipt.sellerAddress,
    sellerHstNumber: receipt.sellerHstNumber,
    partnerName: receipt.partnerName,
    partnerHstNumber: receipt.partnerHstNumber,
    cardBrand: receipt.cardBrand,
    cardLast4: receipt.cardLast4,
    issuedAt: input.now,
  });
}

/** What a receipt or credit note prints, from its row and its booking, in a language. */
export async function receiptDocument(
  db: Executor,
  row: ReceiptRow,
  booking: BookingRow,
  locale: Locale = 'en',
) {
  const t = (key: EmailKey, values?: MessageValues) => emailText(locale, key, values);
  const receipt = row.receiptId ? await findDocument(db, row.receiptId) : undefined;
  const document: ReceiptDocument = {
    kind: row.kind,
    locale,
    number: documentNumber(row),
    receiptNumber: receipt ? documentNumber(receipt) : null,
    issuedAt: formatBookedTime(row.issuedAt, locale),
    seller: {
      name: row.sellerName,
      address: row.sellerAddress,
      hstNumber: formatHstNumber(row.sellerHstNumber),
    },
    partner: {
      name: row.partnerName,
      hstNumber: row.partnerHstNumber ? formatHstNumber(row.partnerHstNumber) : null,
    },
    customer: { name: booking.customerName, email: booking.customerEmail },
    booking: {
      reference: booking.reference,
      service: booking.serviceTitle,
      when: formatBookedTime(booking.serviceDate, locale),
      location: booking.location,
    },
    // Each line's words in the document's language, from its kind (the stored label is English).
    lines: row.lines.map((line) => {
      const words = lineWords(line);
      return words ? { ...line, label: t(`line.${words.key}`, words.values) } : line;
    }),
    totalCents: row.totalCents,
    card: row.cardLast4
      ? t('receipt.cardEnding', {
          brand: BRANDS[row.cardBrand ?? ''] ?? t('receipt.anyCard'),
          last4: row.cardLast4,
        })
      : null,
    policy: `${t(`policy.${booking.cancellationPolicy}`)} ${t('receipt.alwaysFull')}`,
    reason: row.kind === 'credit_note' ? t(`receipt.reason.${refundReason(booking)}`) : null,
  };
  return document;
}

/** Why a credit note's booking was refunded, as its words' key. */
const refundReason = (booking: BookingRow) =>
  booking.cancelledBy === 'customer'
    ? 'customer'
    : booking.cancelledBy === 'partner'
      ? 'partner'
      : booking.cancelledBy
        ? 'trillium'
        : 'other';

/** The file a customer downloads. */
export async function documentFile(db: Executor, row: ReceiptRow, booking: BookingRow, locale: Locale) {
  const number = documentNumber(row);
  const pdf = await renderReceiptPdf(await receiptDocument(db, row, booking, locale));
  const name = row.kind === 'receipt' ? 'receipt' : 'credit-note';
  return { filename: `trillium-${name}-${number}-${booking.reference}.pdf`, pdf };
}

type Deps = { db: Database | Executor; env: ReceiptEnv; clock: Clock };

/**
 * GET /api/bookings/:id/receipt: the customer's own booking's receipt (another's is the same 404 as a
 * missing one); a booking paid before receipts existed gets its receipt, with the next number, now.
 */
export async function customerReceipt(deps: Deps, user: User, bookingId: number, locale: Locale) {
  const booking = await findScopedBooking(deps.db, bookingId, { customerId: user.id });
  if (!booking) throw receiptErrors.notFound();
  if (!booking.confirmedAt) throw receiptErrors.notPaid();
  const receipt =
    (await findReceipt(deps.db, booking.id)) ??
    (await deps.db.transaction(async (tx) => {
      const locked = await findBookingById(tx, booking.id, { forUpdate: true });
      return issueReceipt(tx, deps.env, locked!, deps.clock.now());
    }));
  if (!receipt) throw receiptErrors.notPaid();
  return documentFile(deps.db, receipt, booking, locale);
}

/** GET /api/bookings/:id/credit-notes/:noteId: a credit note of the customer's own booking. */
export async function customerCreditNote(
  deps: Deps,
  user: User,
  bookingId: number,
  noteId: number,
  locale: Locale,
) {
  const booking = await findScopedBooking(deps.db, bookingId, { customerId: user.id });
  if (!booking) throw receiptErrors.notFound();
  const note = await findDocument(deps.db, noteId);
  if (note?.kind !== 'credit_note' || note.bookingId !== booking.id) throw receiptErrors.notFound();
  return documentFile(deps.db, note, booking, locale);
}

/**
 * The receipt as an e-mail attachment (the confirmation e-mail). A PDF that cannot be drawn never stops
 * the e-mail or the payment that sends it: the e-mail goes without it, the log says why, and the
 * receipt stays downloadable.
 */
export async function receiptAttachment(
  db: Executor,
  receipt: ReceiptRow | null,
  booking: BookingRow,
  log?: Pick<NonNullable<AppDeps['log']>, 'warn'>,
  locale: Locale = 'en',
): Promise<MailAttachment[]> {
  if (!receipt) return [];
  try {
    const file = await documentFile(db, receipt, booking, locale);
    return [
      {
        filename: file.filename,
        contentType: 'application/pdf',
        content: file.pdf.toString('base64'),
        encoding: 'base64' as const,
      },
    ];
  } catch (error) {
    log?.warn({ err: error, bookingId: booking.id }, 'receipt PDF not drawn; the e-mail goes without it');
    return [];
  }
}

/**
 * What a confirmation e-mail keeps in the outbox in place of its receipt: the receipt is drawn when
 * the message is sent (drawEmailAttachment), so the payment's transaction can take the receipt's number
 * last and hold the counter's lock for that one statement (docs/product.md §7).
 */
export const receiptToDraw = (bookingId: number, locale: Locale): DrawnAttachment => ({
  draw: 'receipt',
  bookingId,
  locale,
});

/**
 * The same for a cancellation e-mail's credit note: the refund's note, numbered last in its transaction.
 * None for a booking that has no receipt (never confirmed), which gets no credit note (issueCreditNote).
 */
export const creditNoteToDraw = (
  booking: Pick<BookingRow, 'confirmedAt'>,
  refundId: number,
): DrawnAttachment | null => (hasReceipt(booking) ? { draw: 'credit_note', refundId } : null);

/**
 * The e-mail worker's drawing of a document kept as a reference: the PDF of a booking's receipt or of a
 * refund's credit note, as its transaction committed it. None when there is no such document (the log
 * says so); a PDF that cannot be drawn never stops the e-mail (receiptAttachment). A database that
 * cannot answer throws, so the message is retried.
 */
export async function drawEmailAttachment(
  db: Executor,
  ref: DrawnAttachment,
  log: Pick<NonNullable<AppDeps['log']>, 'warn'>,
): Promise<MailAttachment[]> {
  const document =
    ref.draw === 'receipt'
      ? await findReceipt(db, ref.bookingId)
      : await findCreditNoteOfRefund(db, ref.refundId);
  const booking = document ? await findBookingById(db, document.bookingId) : undefined;
  if (!document || !booking) {
    log.warn(
      { attachment: ref },
      `no ${ref.draw === 'receipt' ? 'receipt' : 'credit note'} to attach; the e-mail goes without it`,
    );
    return [];
  }
  return receiptAttachment(db, document, booking, log, ref.locale);
}

/** What each of these bookings offers to download: its receipt once paid, its credit notes. */
export async function documentsOf(
  db: Executor,
  bookings: readonly { id: number; paidAt: string | null }[],
): Promise<Map<number, BookingDocuments>> {
  const rows = await listDocuments(
    db,
    bookings.map((b) => b.id),
  );
  return new Map(
    bookings.map((booking) => {
      const mine = rows.filter((row) => row.bookingId === booking.id);
      const receipt = mine.find((row) => row.kind === 'receipt');
      return [
        booking.id,
        {
          receipt: booking.paidAt
            ? { number: receipt ? documentNumber(receipt) : null, url: `/api/bookings/${booking.id}/receipt` }
            : null,
          creditNotes: mine
            .filter((row) => row.kind === 'credit_note')
            .map((row) => ({
              number: documentNumber(row),
              url: `/api/bookings/${booking.id}/credit-notes/${row.id}`,
              amountCents: row.totalCents,
              issuedAt: row.issuedAt.toISOString(),
            })),
        },
      ];
    }),
  );
}
