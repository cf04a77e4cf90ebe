import type { BookingStatus } from './booking-lifecycle';
import type { LineKind, MoneyLine } from './price-lines';
import { addDaysToDate, torontoDate, torontoInstant, weekdayOf } from './time';

/**
 * A partner's earnings, from the ledger (docs/decisions/014-earnings-ledger-and-payouts.md). Pure
 * rules shared by the server (payouts, the partner's view, the property test) and the screens.
 */

/** Earnings become available this long after the booking is done (completed, or cancelled with money kept). */
export const EARNINGS_HOLD_MS = 2 * 86_400_000;
/** No payout below this available balance (the balance waits for the next run). */
export const PAYOUT_MINIMUM_CENTS = 1000;
/** Weekly payouts: Monday (1) at 9:00 in Toronto. */
export const PAYOUT_WEEKDAY = 1;
export const PAYOUT_MINUTES = 9 * 60;

export type LedgerAccountName =
  | 'processor'
  | 'partner'
  | 'platform_fee'
  | 'hst_payable'
  | 'promotions'
  | 'payouts';

/** Which account each money line of a booking belongs to (the discount is Trillium's expense). */
export const ACCOUNT_OF_LINE: Record<LineKind, LedgerAccountName> = {
  service: 'partner',
  hst_service: 'partner',
  discount: 'promotions',
  service_fee: 'platform_fee',
  hst_fee: 'hst_payable',
};

export type LedgerLine = { account: LedgerAccountName; amountCents: number };

/**
 * The balanced lines of a payment: each account is credited its lines (the partner the service and
 * its HST, Trillium the fee and the fee's HST, the promotions account the discount, negative), and the
 * processor holds what the customer paid (negative: money held for the others). They add up to zero.
 */
export function paymentLedgerLines(lines: readonly MoneyLine[]): LedgerLine[] {
  const byAccount = new Map<LedgerAccountName, number>();
  let total = 0;
  for (const line of lines) {
    const account = ACCOUNT_OF_LINE[line.kind];
    byAccount.set(account, (byAccount.get(account) ?? 0) + line.amount);
    total += line.amount;
  }
  const out: LedgerLine[] = [{ account: 'processor', amountCents: -total }];
  for (const account of ['partner', 'platform_fee', 'hst_payable', 'promotions'] as const) {
    const amount = byAccount.get(account) ?? 0;
    if (amount !== 0 || account === 'partner') out.push({ account, amountCents: amount });
  }
  return out;
}

/** A refund's lines: the payment's, reversed in the refund's own split (its lines add up to the refund). */
export function refundLedgerLines(refundLines: readonly MoneyLine[]): LedgerLine[] {
  return paymentLedgerLines(refundLines)
    .map((l) => ({ account: l.account, amountCents: -l.amountCents }))
    .filter((l) => l.amountCents !== 0 || l.account === 'partner');
}

export type EarningState = 'pending' | 'available' | 'paid' | 'reversed';

export type BookingEarningFacts = {
  status: BookingStatus;
  completedAt: Date | null;
  cancelledAt: Date | null;
  endsAt: Date;
  /** The partner's lines of the payment and refunds (service and its HST, less refunds). */
  netCents: number;
  /** What payouts not failed took of it. */
  paidOutCents: number;
};

/**
 * When a booking's earnings become available: 2 days after it is done. Completed (or the customer did
 * not come): from then; cancelled with part of the money kept by the policy: from the cancellation.
 * Confirmed or disputed: not yet (null).
 */
export function availableAt(
  facts: Pick<BookingEarningFacts, 'status' | 'completedAt' | 'cancelledAt' | 'endsAt'>,
  holdMs = EARNINGS_HOLD_MS,
): Date | null {
  const from =
    facts.status === 'completed'
      ? facts.completedAt
      : facts.status === 'no_show'
        ? (facts.completedAt ?? facts.endsAt)
        : facts.status === 'cancelled'
          ? facts.cancelledAt
          : null;
  return from ? new Date(from.getTime() + holdMs) : null;
}

/**
 * A booking's earnings now: `reversed` (all given back, never paid out), `paid` (what it earns was paid
 * out), `available` (done 2 days ago; what is left of it goes in the next payout, a later refund of a
 * paid booking included) or `pending`.
 */
export function earningState(facts: BookingEarningFacts, now: Date, holdMs = EARNINGS_HOLD_MS): EarningState {
  const remaining = facts.netCents - facts.paidOutCents;
  if (facts.netCents === 0 && facts.paidOutCents === 0) return 'reversed';
  if (remaining === 0) return 'paid';
  const at = availableAt(facts, holdMs);
  return at && at.getTime() <= now.getTime() ? 'available' : 'pending';
}

/** The balances a partner is shown; `available + pending` is always their ledger balance. */
export function earningTotals(rows: readonly BookingEarningFacts[], now: Date, holdMs = EARNINGS_HOLD_MS) {
  let availableCents = 0;
  let pendingCents = 0;
  for (const row of rows) {
    const state = earningState(row, now, holdMs);
    const remaining = row.netCents - row.paidOutCents;
    if (state === 'available') availableCents += remaining;
    else if (state === 'pending') pendingCents += remaining;
  }
  return { availableCents, pendingCents };
}

/** The weekly payout run that `now` falls in: the last Monday 9:00 Toronto time at or before `now`. */
export function payoutPeriodStart(now: Date): Date {
  const today = torontoDate(now);
  const back = (weekdayOf(today) - PAYOUT_WEEKDAY + 7) % 7;
  const candidate = torontoInstant(addDaysToDate(today, -back), PAYOUT_MINUTES);
  return candidate.getTime() <= now.getTime()
    ? candidate
    : torontoInstant(addDaysToDate(today, -back - 7), PAYOUT_MINUTES);
}

/** The next weekly payout after `now` (Monday 9:00 Toronto time, in winter and summer). */
export function nextPayoutAt(now: Date): Date {
  const start = payoutPeriodStart(now);
  return torontoInstant(addDaysToDate(torontoDate(start), 7), PAYOUT_MINUTES);
}
