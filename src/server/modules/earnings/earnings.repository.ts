import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MoneyLine } from '../../../shared/domain/price-lines';
import type { LedgerLine } from '../../../shared/domain/earnings';
import { type Executor, queryRows } from '../../db/client';
import {
  bookings,
  type LedgerEventKind,
  ledgerEntries,
  payments,
  payoutAccounts,
  payoutItems,
  type PayoutState,
  payouts,
  providers,
  refunds,
  sellerTaxDetails,
  users,
} from '../../db/schema';

/** The only file that touches the ledger and payout tables (docs/decisions/014-earnings-ledger-and-payouts.md). */

/**
 * Writes the lines of one money event, in the caller's transaction. The lines must add up to zero; an
 * event written before (same key) writes nothing more, so a replayed cause is harmless.
 */
export async function insertLedgerEvent(
  db: Executor,
  event: {
    eventKey: string;
    kind: LedgerEventKind;
    bookingId: number;
    providerId: number;
    payoutId?: number | null;
    lines: readonly LedgerLine[];
    now: Date;
    /** The line numbers start here (a payout writes several bookings under one key). */
    firstLine?: number;
  },
): Promise<boolean> {
  const sum = event.lines.reduce((s, l) => s + l.amountCents, 0);
  if (sum !== 0) throw new Error(`ledger event ${event.eventKey} does not balance (${sum} cents)`);
  if (event.lines.length === 0) return false;
  const rows = await db
    .insert(ledgerEntries)
    .values(
      event.lines.map((line, index) => ({
        eventKey: event.eventKey,
        line: (event.firstLine ?? 0) + index,
        kind: event.kind,
        account: line.account,
        providerId: line.account === 'partner' ? event.providerId : null,
        bookingId: event.bookingId,
        payoutId: event.payoutId ?? null,
        amountCents: line.amountCents,
        createdAt: event.now,
      })),
    )
    .onConflictDoNothing({ target: [ledgerEntries.eventKey, ledgerEntries.line] })
    .returning({ id: ledgerEntries.id });
  return rows.length > 0;
}

export type PartnerLedgerRow = {
  bookingId: number;
  reference: string;
  serviceTitle: string;
  serviceDate: Date;
  status: (typeof bookings.$inferSelect)['status'];
  completedAt: Date | null;
  cancelledAt: Date | null;
  endsAt: Date;
  lines: MoneyLine[] | null;
  priceCents: number;
  feeCents: number;
  netCents: number;
  refundedCents: number;
  paidOutCents: number;
  payoutId: number | null;
};

type RawPartnerRow = {
  booking_id: number | string;
  net: number | string;
  refunded: number | string;
  paid_out: number | string;
  payout_id: number | string | null;
};

/** The partner's ledger, booking by booking (only bookings with a payment in the ledger). */
export async function partnerLedgerRows(db: Executor, providerId: number): Promise<PartnerLedgerRow[]> {
  const sums = await queryRows<RawPartnerRow>(
    db,
    sql`select e.booking_id,
          coalesce(sum(e.amount_cents) filter (where e.kind in ('payment', 'refund')), 0) as net,
          coalesce(-sum(e.amount_cents) filter (where e.kind = 'refund'), 0) as refunded,
          coalesce(-sum(e.amount_cents) filter (where e.kind in ('payout', 'payout_returned')), 0) as paid_out,
          (select pi.payout_id from payout_items pi join payouts p on p.id = pi.payout_id
            where pi.booking_id = e.booking_id and p.state <> 'failed'
            order by pi.payout_id desc limit 1) as payout_id
        from ledger_entries e
        where e.account = 'partner' and e.provider_id = ${providerId}
        group by e.booking_id`,
  );
  if (sums.length === 0) return [];
  const ids = sums.map((s) => Number(s.booking_id));
  const rows = await db
    .select({
      bookingId: bookings.id,
      reference: bookings.reference,
      serviceTitle: bookings.serviceTitle,
      serviceDate: bookings.serviceDate,
      status: bookings.status,
      completedAt: bookings.completedAt,
      cancelledAt: bookings.cancelledAt,
      endsAt: bookings.endsAt,
      lines: bookings.lines,
      priceCents: bookings.priceCents,
      feeCents: bookings.feeCents,
    })
    .from(bookings)
    .where(inArray(bookings.id, ids))
    .orderBy(desc(bookings.serviceDate), desc(bookings.id));
  const byId = new Map(sums.map((s) => [Number(s.booking_id), s]));
  return rows.map((row) => {
    const s = byId.get(row.bookingId)!;
    return {
      ...row,
      netCents: Number(s.net),
      refundedCents: Number(s.refunded),
      paidOutCents: Number(s.paid_out),
      payoutId: s.payout_id === null ? null : Number(s.payout_id),
    };
  });
}

/** The sum of every line of the partner's account: what Trillium owes them now. */
export async function partnerBalance(db: Executor, providerId: number): Promise<number> {
  const [row] = await queryRows<{ balance: number | string | null }>(
    db,
    sql`select sum(amount_cents) as balance from ledger_entries
        where account = 'partner' and provider_id = ${providerId}`,
  );
  return Number(row?.balance ?? 0);
}

/** Listings whose balance reaches `minimumCents` (those who may have a payout due), in id order. */
export async function providersWithBalance(db: Executor, minimumCents: number): Promise<number[]> {
  const rows = await queryRows<{ provider_id: number | string }>(
    db,
    sql`select provider_id from ledger_entries where account = 'partner'
        group by provider_id having sum(amount_cents) >= ${minimumCents} order by provider_id`,
  );
  return rows.map((r) => Number(r.provider_id));
}

export async function findProviderOwner(db: Executor, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.ownerUserId, userId))
    .orderBy(asc(providers.id))
    .limit(1);
  return row?.id;
}

export type PayoutRow = typeof payouts.$inferSelect;

export async function insertPayout(
  db: Executor,
  values: { providerId: number; amountCents: number; processor: 'sandbox' | 'stripe'; now: Date },
  items: { bookingId: number; amountCents: number }[],
): Promise<PayoutRow> {
  const [row] = await db
    .insert(payouts)
    .values({
      providerId: values.providerId,
      amountCents: values.amountCents,
      processor: values.processor,
      createdAt: values.now,
    })
    .returning();
  await db.insert(payoutItems).values(items.map((i) => ({ ...i, payoutId: row!.id })));
  return row!;
}

export async function findPayout(db: Executor, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(payouts).where(eq(payouts.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function listPayoutItems(db: Executor, payoutId: number) {
  return db
    .select({ bookingId: payoutItems.bookingId, amountCents: payoutItems.amountCents })
    .from(payoutItems)
    .where(eq(payoutItems.payoutId, payoutId))
    .orderBy(asc(payoutItems.bookingId));
}

/** Marks a payout of this attempt paid (only while it is pending: a late answer changes nothing). */
export async function markPayoutPaid(
  db: Executor,
  input: { id: number; attempt: number; externalId: string | null; now: Date },
) {
  const [row] = await db
    .update(payouts)
    .set({ state: 'paid', paidAt: input.now, externalId: input.externalId, failureReason: null })
    .where(and(eq(payouts.id, input.id), eq(payouts.attempt, input.attempt), eq(payouts.state, 'pending')))
    .returning();
  return row;
}

export async function markPayoutFailed(
  db: Executor,
  input: { id: number; attempt: number; reason: string; now: Date },
) {
  const [row] = await db
    .update(payouts)
    .set({ state: 'failed', failedAt: input.now, failureReason: input.reason })
    .where(and(eq(payouts.id, input.id), eq(payouts.attempt, input.attempt), eq(payouts.state, 'pending')))
    .returning();
  return row;
}

/** Makes a failed payout pending again as its next attempt. */
export async function reopenPayout(db: Executor, id: number, attempt: number) {
  const [row] = await db
    .update(payouts)
    .set({ state: 'pending', attempt: attempt + 1, failureReason: null, failedAt: null })
    .where(and(eq(payouts.id, id), eq(payouts.attempt, attempt), eq(payouts.state, 'failed')))
    .returning();
  return row;
}

/** Payouts not failed that cover any of these bookings, other than `exceptId`. */
export async function livePayoutsCovering(db: Executor, bookingIds: number[], exceptId: number) {
  if (bookingIds.length === 0) return [];
  const rows = await queryRows<{ id: number | string }>(
    db,
    sql`select distinct p.id from payouts p join payout_items pi on pi.payout_id = p.id
        where p.state <> 'failed' and p.id <> ${exceptId}
          and pi.booking_id in (${sql.join(
            bookingIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return rows.map((r) => Number(r.id));
}

/** Payouts, newest first, with their bookings: one partner's, or everybody's (admins) in one state. */
export async function listPayouts(
  db: Executor,
  filter: { id?: number; providerId?: number; state?: PayoutState; limit?: number },
) {
  const rows = await db
    .select({ payout: payouts, providerName: providers.name })
    .from(payouts)
    .innerJoin(providers, eq(providers.id, payouts.providerId))
    .where(
      and(
        filter.providerId === undefined ? undefined : eq(payouts.providerId, filter.providerId),
        filter.state ? eq(payouts.state, filter.state) : undefined,
        filter.id === undefined ? undefined : eq(payouts.id, filter.id),
      ),
    )
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(filter.limit ?? 500);
  if (rows.length === 0) return [];
  const items = await db
    .select({ payoutId: payoutItems.payoutId, bookingId: payoutItems.bookingId })
    .from(payoutItems)
    .where(
      inArray(
        payoutItems.payoutId,
        rows.map((r) => r.payout.id),
      ),
    )
    .orderBy(asc(payoutItems.bookingId));
  return rows.map((r) => ({
    ...r.payout,
    providerName: r.providerName,
    bookingIds: items.filter((i) => i.payoutId === r.payout.id).map((i) => i.bookingId),
  }));
}

/** Pending payouts (a process may have stopped between deciding one and sending it). */
export async function listPendingPayoutIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.state, 'pending'))
    .orderBy(asc(payouts.id));
  return rows.map((r) => r.id);
}

/** Every booking's lines summed: those that do not add up to zero, and how many bookings were looked at. */
export async function ledgerSumsByBooking(db: Executor) {
  const rows = await queryRows<{ checked: number | string; unbalanced: (number | string)[] | null }>(
    db,
    sql`select count(*) as checked,
          coalesce(array_agg(booking_id order by booking_id) filter (where total <> 0), '{}') as unbalanced
        from (select booking_id, sum(amount_cents) as total from ledger_entries group by booking_id) s`,
  );
  const row = rows[0];
  return {
    bookingsChecked: Number(row?.checked ?? 0),
    unbalanced: (row?.unbalanced ?? []).map(Number),
  };
}

/** Trillium's accounts per Toronto calendar month, newest first. */
export async function monthlyPlatformIncome(db: Executor) {
  const rows = await queryRows<{
    month: string;
    fee: number | string;
    hst: number | string;
    promotions: number | string;
    payouts: number | string;
  }>(
    db,
    sql`select to_char(created_at at time zone 'America/Toronto', 'YYYY-MM') as month,
          coalesce(sum(amount_cents) filter (where account = 'platform_fee'), 0) as fee,
          coalesce(sum(amount_cents) filter (where account = 'hst_payable'), 0) as hst,
          coalesce(-sum(amount_cents) filter (where account = 'promotions'), 0) as promotions,
          coalesce(sum(amount_cents) filter (where account = 'payouts'), 0) as payouts
        from ledger_entries group by 1 order by 1 desc`,
  );
  return rows.map((r) => ({
    month: r.month,
    feeCents: Number(r.fee),
    hstCents: Number(r.hst),
    promotionsCents: Number(r.promotions),
    payoutsCents: Number(r.payouts),
  }));
}

/** Every ledger line in a range of instants, oldest first, with its booking's reference (the accountant's CSV). */
export async function ledgerLinesBetween(db: Executor, range: { from?: Date; to?: Date }) {
  return db
    .select({
      id: ledgerEntries.id,
      createdAt: ledgerEntries.createdAt,
      eventKey: ledgerEntries.eventKey,
      kind: ledgerEntries.kind,
      account: ledgerEntries.account,
      providerId: ledgerEntries.providerId,
      bookingId: ledgerEntries.bookingId,
      reference: bookings.reference,
      payoutId: ledgerEntries.payoutId,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .where(
      and(
        range.from ? sql`${ledgerEntries.createdAt} >= ${range.from.toISOString()}::timestamptz` : undefined,
        range.to ? sql`${ledgerEntries.createdAt} < ${range.to.toISOString()}::timestamptz` : undefined,
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}

// Backfill: bookings paid before the ledger existed.

/** Paid bookings without a payment in the ledger, a batch after `afterId`. */
export async function bookingsMissingFromLedger(db: Executor, afterId: number, limit: number) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        sql`${bookings.id} > ${afterId}`,
        // Paid: confirmed, or refunded after a payment that succeeded (not a hold voided before paying).
        sql`(${bookings.paymentStatus} = 'confirmed' or (${bookings.paymentStatus} = 'refunded' and (${bookings.confirmedAt} is not null
          or exists (select 1 from ${payments} p where p.booking_id = ${bookings.id} and p.status in ('succeeded', 'refunded')))))`,
        sql`not exists (select 1 from ledger_entries e where e.event_key = 'payment:' || ${bookings.id}::text)`,
      ),
    )
    .orderBy(asc(bookings.id))
    .limit(limit);
}

export async function listBookingRefunds(db: Executor, bookingId: number) {
  return db
    .select({
      id: refunds.id,
      amountCents: refunds.amountCents,
      lines: refunds.lines,
      idempotencyKey: refunds.idempotencyKey,
    })
    .from(refunds)
    .where(eq(refunds.bookingId, bookingId))
    .orderBy(asc(refunds.id));
}

/** Marks a paid payout failed after the fact (its transfer was reversed): only a paid one, once. */
export async function markPaidPayoutReversed(
  db: Executor,
  input: { externalId: string; reason: string; now: Date },
) {
  const [row] = await db
    .update(payouts)
    .set({ state: 'failed', failedAt: input.now, failureReason: input.reason })
    .where(and(eq(payouts.externalId, input.externalId), eq(payouts.state, 'paid')))
    .returning();
  return row;
}

// Stripe Connect accounts.

export async function findPayoutAccount(db: Executor, providerId: number) {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.providerId, providerId))
    .limit(1);
  return row;
}

export async function savePayoutAccount(
  db: Executor,
  values: { providerId: number; accountId: string; state: 'details_needed' | 'enabled'; now: Date },
) {
  await db
    .insert(payoutAccounts)
    .values({
      providerId: values.providerId,
      accountId: values.accountId,
      state: values.state,
      updatedAt: values.now,
    })
    .onConflictDoUpdate({
      target: payoutAccounts.providerId,
      set: { accountId: values.accountId, state: values.state, updatedAt: values.now },
    });
}

/** Applies what Stripe says of an account (webhook): its state, or the outcome of its last bank payout. */
export async function updatePayoutAccount(
  db: Executor,
  accountId: string,
  values: { state?: 'details_needed' | 'enabled'; lastPayoutFailure?: string | null; now: Date },
) {
  const [row] = await db
    .update(payoutAccounts)
    .set({
      ...(values.state ? { state: values.state } : {}),
      ...(values.lastPayoutFailure !== undefined ? { lastPayoutFailure: values.lastPayoutFailure } : {}),
      updatedAt: values.now,
    })
    .where(eq(payoutAccounts.accountId, accountId))
    .returning();
  return row;
}

/** The e-mail of the listing's owner (Stripe pre-fills its onboarding with it). */
export async function ownerEmail(db: Executor, providerId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ email: users.email })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.ownerUserId))
    .where(eq(providers.id, providerId))
    .limit(1);
  return row?.email;
}

// CRA seller details (Part XX) and the annual seller report.

export async function findSellerTaxDetails(db: Executor, providerId: number) {
  const [row] = await db
    .select()
    .from(sellerTaxDetails)
    .where(eq(sellerTaxDetails.providerId, providerId))
    .limit(1);
  return row;
}

export async function saveSellerTaxDetails(db: Executor, values: typeof sellerTaxDetails.$inferInsert) {
  const { providerId: _id, ...rest } = values;
  await db
    .insert(sellerTaxDetails)
    .values(values)
    .onConflictDoUpdate({ target: sellerTaxDetails.providerId, set: rest });
}

/**
 * Per seller, what they earned in a range of instants by quarter (the partner's payment and refund
 * lines), how many bookings were paid (relevant activities), and the fees Trillium took, with the
 * seller's tax details when they gave them.
 */
export async function sellerReportRows(db: Executor, range: { from: Date; to: Date }) {
  return queryRows<{
    provider_id: number | string;
    provider_name: string;
    legal_name: string | null;
    business_number: string | null;
    street: string | null;
    city: string | null;
    province: string | null;
    postal_code: string | null;
    q1: number | string;
    q2: number | string;
    q3: number | string;
    q4: number | string;
    activities: number | string;
    fees: number | string;
  }>(
    db,
    sql`with lines as (
          select e.*, b.provider_id as seller,
            extract(quarter from e.created_at at time zone 'America/Toronto')::int as quarter
          from ledger_entries e join bookings b on b.id = e.booking_id
          where e.kind in ('payment', 'refund')
            and e.created_at >= ${range.from.toISOString()}::timestamptz
            and e.created_at < ${range.to.toISOString()}::timestamptz
        )
        select l.seller as provider_id, p.name as provider_name,
          t.legal_name, t.business_number, t.street, t.city, t.province, t.postal_code,
          coalesce(sum(l.amount_cents) filter (where l.account = 'partner' and l.quarter = 1), 0) as q1,
          coalesce(sum(l.amount_cents) filter (where l.account = 'partner' and l.quarter = 2), 0) as q2,
          coalesce(sum(l.amount_cents) filter (where l.account = 'partner' and l.quarter = 3), 0) as q3,
          coalesce(sum(l.amount_cents) filter (where l.account = 'partner' and l.quarter = 4), 0) as q4,
          count(distinct l.booking_id) filter (where l.kind = 'payment') as activities,
          coalesce(sum(l.amount_cents) filter (where l.account in ('platform_fee', 'hst_payable')), 0) as fees
        from lines l join providers p on p.id = l.seller
        left join seller_tax_details t on t.provider_id = l.seller
        group by l.seller, p.name, t.legal_name, t.business_number, t.street, t.city, t.province, t.postal_code
        order by l.seller`,
  );
}
