import type { z } from 'zod';
import type { User } from '../../../shared/contract/auth';
import type {
  AdminPayout,
  CsvRange,
  EarningBooking,
  LedgerCheck,
  PartnerEarnings,
  Payout,
  SellerTaxDetails,
  sellerTaxDetailsBodySchema,
} from '../../../shared/contract/earnings';
import {
  availableAt,
  earningState,
  earningTotals,
  nextPayoutAt,
  PAYOUT_MINIMUM_CENTS,
} from '../../../shared/domain/earnings';
import {
  legacyLines,
  lineAmount,
  type MoneyLine,
  splitRefund,
  subtractLines,
  sumLines,
} from '../../../shared/domain/price-lines';
import { addDaysToDate, torontoDate, torontoInstant } from '../../../shared/domain/time';
import type { Executor } from '../../db/client';
import { recordPayment, recordRefund } from './earnings.ledger';
import { earningsErrors } from './earnings.errors';
import { type PayoutDeps, type PayoutRecorder, retryPayout } from './earnings.payouts';
import {
  bookingsMissingFromLedger,
  findProviderOwner,
  findSellerTaxDetails,
  ledgerLinesBetween,
  ledgerSumsByBooking,
  listBookingRefunds,
  listPayouts,
  monthlyPlatformIncome,
  type PartnerLedgerRow,
  partnerBalance,
  partnerLedgerRows,
  saveSellerTaxDetails,
  sellerReportRows,
} from './earnings.repository';

/** What partners and admins read of the ledger (docs/product.md §17). */

function earningOf(row: PartnerLedgerRow, now: Date): EarningBooking {
  const lines: MoneyLine[] = row.lines ?? legacyLines(row.priceCents, row.feeCents);
  const feeCents = lineAmount(lines, 'service_fee');
  const hstCents = lineAmount(lines, 'hst_fee');
  const at = availableAt(row);
  return {
    bookingId: row.bookingId,
    reference: row.reference,
    serviceTitle: row.serviceTitle,
    serviceDate: row.serviceDate.toISOString(),
    // The promo discount is Trillium's: the booking brought in its price before it.
    grossCents: sumLines(lines) - lineAmount(lines, 'discount'),
    feeCents,
    hstCents,
    serviceHstCents: lineAmount(lines, 'hst_service'),
    refundedCents: row.refundedCents,
    netCents: row.netCents,
    state: earningState(row, now),
    availableAt: at?.toISOString() ?? null,
    payoutId: row.payoutId,
  };
}

function payoutView(row: Awaited<ReturnType<typeof listPayouts>>[number]): Payout {
  return {
    id: row.id,
    amountCents: row.amountCents,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    failureReason: row.failureReason,
    bookingIds: row.bookingIds,
  };
}

function adminPayoutView(row: Awaited<ReturnType<typeof listPayouts>>[number]): AdminPayout {
  return {
    ...payoutView(row),
    providerId: row.providerId,
    providerName: row.providerName,
    processor: row.processor,
    attempt: row.attempt,
  };
}

type ReadDeps = Pick<PayoutDeps, 'db' | 'clock'>;

/** The partner's balances, next payout and bookings (an account without a listing has none). */
export async function partnerEarnings(deps: ReadDeps, user: User): Promise<PartnerEarnings> {
  const now = deps.clock.now();
  const providerId = await findProviderOwner(deps.db, user.id);
  const rows = providerId === undefined ? [] : await partnerLedgerRows(deps.db, providerId);
  const paid =
    providerId === undefined ? [] : await listPayouts(deps.db, { providerId, state: 'paid', limit: 100_000 });
  return {
    currency: 'CAD',
    ...earningTotals(rows, now),
    paidCents: paid.reduce((sum, p) => sum + p.amountCents, 0),
    nextPayoutDate: nextPayoutAt(now).toISOString(),
    minimumPayoutCents: PAYOUT_MINIMUM_CENTS,
    bookings: rows.map((row) => earningOf(row, now)),
  };
}

/** The partner's ledger balance (what the property test compares with what they are shown). */
export async function partnerLedgerBalance(db: Executor, providerId: number) {
  return partnerBalance(db, providerId);
}

export async function partnerPayouts(deps: ReadDeps, user: User): Promise<Payout[]> {
  const providerId = await findProviderOwner(deps.db, user.id);
  if (providerId === undefined) return [];
  return (await listPayouts(deps.db, { providerId })).map(payoutView);
}

export async function adminPayouts(deps: ReadDeps, state?: Payout['state']): Promise<AdminPayout[]> {
  return (await listPayouts(deps.db, { state })).map(adminPayoutView);
}

export async function adminPayout(deps: ReadDeps, id: number): Promise<AdminPayout | undefined> {
  const [row] = await listPayouts(deps.db, { id });
  return row && adminPayoutView(row);
}

/** Sends a failed payout again (admins) and answers it as the admins' list shows it. */
export async function retryFailedPayout(
  deps: PayoutDeps,
  id: number,
  record?: PayoutRecorder,
): Promise<AdminPayout> {
  await retryPayout(deps, id, record);
  const view = await adminPayout(deps, id);
  if (!view) throw earningsErrors.payoutNotFound();
  return view;
}

export async function checkLedger(deps: ReadDeps): Promise<LedgerCheck> {
  const sums = await ledgerSumsByBooking(deps.db);
  return { balanced: sums.unbalanced.length === 0, ...sums };
}

export async function platformIncome(deps: ReadDeps) {
  return monthlyPlatformIncome(deps.db);
}

// CSV exports (columns documented in the README).

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number (an amount like `-116.39`): a spreadsheet reads it as a number, never a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV field: quoted when needed; text that a spreadsheet would run as a formula is defused. A
 * negative amount starts with `-` too, but it is a number: defusing it would turn it into text.
 */
function field(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

function csv(header: readonly string[], rows: (string | number | null)[][]): string {
  return `${[header, ...rows].map((r) => r.map(field).join(',')).join('\r\n')}\r\n`;
}

/** A range of Toronto calendar days as instants: from the first day's midnight to the day after the last. */
function instantsOf(range: CsvRange) {
  return {
    from: range.from ? torontoInstant(range.from, 0) : undefined,
    to: range.to ? torontoInstant(addDaysToDate(range.to, 1), 0) : undefined,
  };
}

export const EARNINGS_CSV_COLUMNS = [
  'reference',
  'service_date',
  'service',
  'state',
  'gross',
  'service_fee',
  'hst_on_fee',
  'hst_on_service',
  'refunded',
  'net',
  'available_at',
  'payout_id',
] as const;

/** The partner's bookings whose service date is in the range, one row each (amounts in dollars, CAD). */
export async function partnerEarningsCsv(deps: ReadDeps, user: User, range: CsvRange): Promise<string> {
  const earnings = await partnerEarnings(deps, user);
  const { from, to } = instantsOf(range);
  const rows = earnings.bookings
    .filter((b) => {
      const at = new Date(b.serviceDate).getTime();
      return (!from || at >= from.getTime()) && (!to || at < to.getTime());
    })
    .sort((a, b) => a.serviceDate.localeCompare(b.serviceDate) || a.bookingId - b.bookingId)
    .map((b) => [
      b.reference,
      torontoDate(new Date(b.serviceDate)),
      b.serviceTitle,
      b.state,
      dollars(b.grossCents),
      dollars(b.feeCents),
      dollars(b.hstCents),
      dollars(b.serviceHstCents),
      dollars(b.refundedCents),
      dollars(b.netCents),
      b.availableAt ? torontoDate(new Date(b.availableAt)) : null,
      b.payoutId,
    ]);
  return csv(EARNINGS_CSV_COLUMNS, rows);
}

export const LEDGER_CSV_COLUMNS = [
  'entry_id',
  'date',
  'event',
  'kind',
  'account',
  'provider_id',
  'booking_reference',
  'payout_id',
  'amount',
] as const;

/** Every ledger line in the range (the accountant's export): each event's lines add up to zero. */
export async function ledgerCsv(deps: ReadDeps, range: CsvRange): Promise<string> {
  const lines = await ledgerLinesBetween(deps.db, instantsOf(range));
  return csv(
    LEDGER_CSV_COLUMNS,
    lines.map((l) => [
      l.id,
      torontoDate(l.createdAt),
      l.eventKey,
      l.kind,
      l.account,
      l.providerId,
      l.reference,
      l.payoutId,
      dollars(l.amountCents),
    ]),
  );
}

/**
 * Ledger lines for bookings paid before the ledger existed (and the demo's): their payment and refunds.
 * A booking marked refunded whose refund was never recorded is given back in full. Idempotent: a
 * booking already in the ledger is skipped, and every line is keyed by its cause.
 */
export async function backfillLedger(db: Executor, now: Date): Promise<number> {
  let written = 0;
  let afterId = 0;
  for (;;) {
    const batch = await bookingsMissingFromLedger(db, afterId, 200);
    if (batch.length === 0) return written;
    for (const booking of batch) {
      afterId = booking.id;
      const at = booking.confirmedAt ?? booking.createdAt ?? now;
      await db.transaction(async (tx) => {
        await recordPayment(tx, booking, at);
        const refunds = await listBookingRefunds(tx, booking.id);
        const charged = booking.lines ?? legacyLines(booking.priceCents, booking.feeCents);
        for (const refund of refunds) {
          const earlier = refunds.filter((r) => r.id < refund.id).map((r) => r.lines ?? []);
          const lines = refund.lines ?? splitRefund(subtractLines(charged, earlier), refund.amountCents);
          await recordRefund(tx, booking, { key: refund.idempotencyKey, lines }, at);
        }
        if (refunds.length === 0 && booking.paymentStatus === 'refunded') {
          await recordRefund(
            tx,
            booking,
            { key: `backfill-${booking.id}`, lines: splitRefund(charged, sumLines(charged)) },
            booking.cancelledAt ?? at,
          );
        }
      });
      written++;
    }
  }
}

// CRA platform reporting (Part XX of the Income Tax Act): sellers' details and the annual report.

function taxDetailsView(row: Awaited<ReturnType<typeof findSellerTaxDetails>>): SellerTaxDetails | null {
  if (!row) return null;
  return {
    legalName: row.legalName,
    businessNumber: row.businessNumber,
    address: {
      street: row.street,
      unit: row.unit,
      city: row.city,
      province: row.province,
      postalCode: row.postalCode,
    },
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function ownListingId(deps: ReadDeps, user: User) {
  const providerId = await findProviderOwner(deps.db, user.id);
  if (providerId === undefined) throw earningsErrors.noListing();
  return providerId;
}

export async function sellerTaxDetailsOf(deps: ReadDeps, user: User): Promise<SellerTaxDetails | null> {
  return taxDetailsView(await findSellerTaxDetails(deps.db, await ownListingId(deps, user)));
}

export async function saveSellerTaxDetailsOf(
  deps: ReadDeps,
  user: User,
  body: z.output<typeof sellerTaxDetailsBodySchema>,
): Promise<SellerTaxDetails> {
  const providerId = await ownListingId(deps, user);
  await saveSellerTaxDetails(deps.db, {
    providerId,
    legalName: body.legalName,
    businessNumber: body.businessNumber,
    street: body.address.street,
    unit: body.address.unit,
    city: body.address.city,
    province: body.address.province,
    postalCode: body.address.postalCode,
    updatedAt: deps.clock.now(),
  });
  return (await sellerTaxDetailsOf(deps, user))!;
}

export const SELLER_REPORT_COLUMNS = [
  'year',
  'provider_id',
  'listing',
  'legal_name',
  'business_number',
  'street',
  'unit',
  'city',
  'province',
  'postal_code',
  'details_complete',
  'relevant_activities',
  'consideration_q1',
  'consideration_q2',
  'consideration_q3',
  'consideration_q4',
  'consideration_total',
  'fees_withheld',
] as const;

/**
 * The annual seller report (a Toronto calendar year): per seller paid in it, their tax details, how
 * many bookings were paid (relevant activities), what they earned per quarter (payments less refunds,
 * dollars) and the fees Trillium kept (fee and its HST).
 */
export async function sellerReportCsv(deps: ReadDeps, year: number): Promise<string> {
  const rows = await sellerReportRows(deps.db, {
    from: torontoInstant(`${year}-01-01`, 0),
    to: torontoInstant(`${year + 1}-01-01`, 0),
  });
  const details = await Promise.all(rows.map((r) => findSellerTaxDetails(deps.db, Number(r.provider_id))));
  return csv(
    SELLER_REPORT_COLUMNS,
    rows.map((r, i) => {
      const quarters = [r.q1, r.q2, r.q3, r.q4].map(Number);
      return [
        year,
        Number(r.provider_id),
        r.provider_name,
        r.legal_name,
        r.business_number,
        r.street,
        details[i]?.unit ?? null,
        r.city,
        r.province,
        r.postal_code,
        r.legal_name ? 'yes' : 'no',
        Number(r.activities),
        ...quarters.map(dollars),
        dollars(quarters.reduce((s, q) => s + q, 0)),
        dollars(Number(r.fees)),
      ];
    }),
  );
}
