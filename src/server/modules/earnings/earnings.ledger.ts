import { paymentLedgerLines, refundLedgerLines } from '../../../shared/domain/earnings';
import { legacyLines, type MoneyLine } from '../../../shared/domain/price-lines';
import type { Executor } from '../../db/client';
import { insertLedgerEvent } from './earnings.repository';

/**
 * The ledger lines of the money events the bookings module causes, written in its transaction
 * (docs/decisions/014-earnings-ledger-and-payouts.md). Each is keyed by its cause, so writing it
 * again (a replayed webhook, a retried job, the backfill) changes nothing.
 */

type PaidBooking = {
  id: number;
  providerId: number;
  lines: MoneyLine[] | null;
  priceCents: number;
  feeCents: number;
};

const chargedLines = (booking: PaidBooking) =>
  booking.lines ?? legacyLines(booking.priceCents, booking.feeCents);

/** A customer's payment: the processor holds it for the partner, Trillium's fee and HST, less a promo. */
export async function recordPayment(tx: Executor, booking: PaidBooking, now: Date) {
  return insertLedgerEvent(tx, {
    eventKey: `payment:${booking.id}`,
    kind: 'payment',
    bookingId: booking.id,
    providerId: booking.providerId,
    lines: paymentLedgerLines(chargedLines(booking)),
    now,
  });
}

/** A refund, reversed in its own split of the lines; the payment it gives back is recorded first. */
export async function recordRefund(
  tx: Executor,
  booking: PaidBooking,
  refund: { key: string; lines: MoneyLine[] },
  now: Date,
) {
  await recordPayment(tx, booking, now);
  return insertLedgerEvent(tx, {
    eventKey: `refund:${refund.key}`,
    kind: 'refund',
    bookingId: booking.id,
    providerId: booking.providerId,
    lines: refundLedgerLines(refund.lines),
    now,
  });
}
