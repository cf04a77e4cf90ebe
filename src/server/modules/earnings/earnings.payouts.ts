import type { PayoutRun } from '../../../shared/contract/earnings';
import { earningState, type LedgerLine, PAYOUT_MINIMUM_CENTS } from '../../../shared/domain/earnings';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import { lockProviderRow } from '../catalog/catalog.repository';
import { enqueueJob } from '../jobs/jobs.repository';
import type { JobHandlers } from '../jobs/jobs.runner';
import { earningsErrors } from './earnings.errors';
import type { PayoutProcessor } from './earnings.processor';
import {
  findPayout,
  findPayoutAccount,
  insertLedgerEvent,
  insertPayout,
  listPayoutItems,
  livePayoutsCovering,
  markPaidPayoutReversed,
  markPayoutFailed,
  markPayoutPaid,
  type PayoutRow,
  partnerLedgerRows,
  providersWithBalance,
  reopenPayout,
} from './earnings.repository';

/**
 * Weekly payouts (docs/decisions/014-earnings-ledger-and-payouts.md): each partner whose available
 * balance reaches the minimum gets one payout of it, listing the bookings it covers. Deciding a payout
 * (its row, its ledger lines and the job that sends it) is one transaction under the partner's lock,
 * so two runs at once, or a run repeated, pay nothing twice: the second finds nothing available.
 */

export const PAYOUT_RUN_JOB = 'payouts.weekly';
export const PAYOUT_SEND_JOB = 'payouts.send';

type Log = { warn(fields: object, message: string): void };
export type PayoutDeps = { db: Executor; clock: Clock; payouts: PayoutProcessor; log?: Log };

type Item = { bookingId: number; amountCents: number };

/** The ledger lines of a payout (money leaves the partner's balance) or of its return (it comes back). */
async function writePayoutLines(
  tx: Executor,
  payout: PayoutRow,
  items: readonly Item[],
  kind: 'payout' | 'payout_returned',
  now: Date,
) {
  const sign = kind === 'payout' ? -1 : 1;
  for (const [index, item] of items.entries()) {
    const lines: LedgerLine[] = [
      { account: 'partner', amountCents: sign * item.amountCents },
      { account: 'payouts', amountCents: -sign * item.amountCents },
    ];
    await insertLedgerEvent(tx, {
      eventKey: `${kind}:${payout.id}#${payout.attempt}`,
      firstLine: index * 2,
      kind,
      bookingId: item.bookingId,
      providerId: payout.providerId,
      payoutId: payout.id,
      lines,
      now,
    });
  }
}

async function queueSend(tx: Executor, payout: PayoutRow, now: Date) {
  await enqueueJob(tx, {
    kind: PAYOUT_SEND_JOB,
    key: `${PAYOUT_SEND_JOB}:${payout.id}#${payout.attempt}`,
    payload: { payoutId: payout.id },
    runAt: now,
    maxAttempts: 10,
  });
}

/** Decides one partner's payout now, if their available balance reaches the minimum. */
/** An admin's part in a payout (the audit log), written in the payout's own transaction. */
export type PayoutRecorder = (tx: Executor, payout: PayoutRow) => Promise<void>;

async function decidePayout(
  deps: PayoutDeps,
  providerId: number,
  now: Date,
  record?: PayoutRecorder,
): Promise<PayoutRow | null> {
  return deps.db.transaction(async (tx) => {
    await lockProviderRow(tx, providerId);
    const rows = await partnerLedgerRows(tx, providerId);
    const items = rows
      .filter((row) => earningState(row, now) === 'available')
      .map((row) => ({ bookingId: row.bookingId, amountCents: row.netCents - row.paidOutCents }))
      .filter((item) => item.amountCents !== 0);
    const amountCents = items.reduce((sum, item) => sum + item.amountCents, 0);
    if (amountCents < PAYOUT_MINIMUM_CENTS) return null;
    const payout = await insertPayout(
      tx,
      { providerId, amountCents, processor: deps.payouts.kind, now },
      items,
    );
    await writePayoutLines(tx, payout, items, 'payout', now);
    await queueSend(tx, payout, now);
    await record?.(tx, payout);
    return payout;
  });
}

/**
 * Sends a pending payout and records the answer: paid, or failed with its reason (the money goes back
 * to the balance, in the same transaction as the failure). A payout no longer pending is left alone.
 * Throws when the processor cannot be reached: the send job tries again with the same key.
 */
export async function sendPayout(deps: PayoutDeps, payoutId: number): Promise<'paid' | 'failed' | 'settled'> {
  const payout = await findPayout(deps.db, payoutId);
  if (payout?.state !== 'pending') return 'settled';
  const account = await findPayoutAccount(deps.db, payout.providerId);
  const result = await deps.payouts.send({
    payoutId: payout.id,
    providerId: payout.providerId,
    amountCents: payout.amountCents,
    currency: payout.currency,
    idempotencyKey: `payout-${payout.id}-${payout.attempt}`,
    destination: account ? { accountId: account.accountId, enabled: account.state === 'enabled' } : null,
  });
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (result.status === 'paid') {
      const paid = await markPayoutPaid(tx, {
        id: payout.id,
        attempt: payout.attempt,
        externalId: result.externalId,
        now,
      });
      return paid ? 'paid' : 'settled';
    }
    const failed = await markPayoutFailed(tx, {
      id: payout.id,
      attempt: payout.attempt,
      reason: result.reason.slice(0, 500),
      now,
    });
    if (!failed) return 'settled';
    await writePayoutLines(tx, failed, await listPayoutItems(tx, payout.id), 'payout_returned', now);
    return 'failed';
  });
}

/**
 * A paid payout whose transfer the processor reversed (Stripe `transfer.reversed`): failed, with its
 * money back on the partner's balance, once however often the event comes.
 */
export async function reversePaidPayout(
  deps: Pick<PayoutDeps, 'db' | 'clock'>,
  externalId: string,
  reason: string,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const failed = await markPaidPayoutReversed(tx, { externalId, reason, now });
    if (!failed) return false;
    await writePayoutLines(tx, failed, await listPayoutItems(tx, failed.id), 'payout_returned', now);
    return true;
  });
}

/** Sends at once what was just decided; a processor that is away leaves it to the send job. */
async function sendNow(deps: PayoutDeps, payoutId: number) {
  try {
    return await sendPayout(deps, payoutId);
  } catch (error) {
    deps.log?.warn({ err: error, payoutId }, 'payout not sent yet; the job will try again');
    return 'pending' as const;
  }
}

/** The weekly run (the job, or an operator after an outage): running it twice pays nothing twice. */
/** The weekly run (the job), or an admin's "run now" (`record`: each payout it makes, audit-logged). */
export async function runPayouts(
  deps: PayoutDeps,
  now = deps.clock.now(),
  record?: PayoutRecorder,
): Promise<PayoutRun> {
  const outcome: PayoutRun = { created: 0, paid: 0, failed: 0, totalCents: 0 };
  for (const providerId of await providersWithBalance(deps.db, PAYOUT_MINIMUM_CENTS)) {
    const payout = await decidePayout(deps, providerId, now, record);
    if (!payout) continue;
    outcome.created++;
    outcome.totalCents += payout.amountCents;
    const sent = await sendNow(deps, payout.id);
    if (sent === 'paid') outcome.paid++;
    if (sent === 'failed') outcome.failed++;
  }
  return outcome;
}

/**
 * Sends a failed payout again (admins) as its next attempt, unless its bookings were paid by another
 * payout since its money came back (then there is nothing left to send).
 */
export async function retryPayout(
  deps: PayoutDeps,
  payoutId: number,
  record?: PayoutRecorder,
): Promise<PayoutRow> {
  const now = deps.clock.now();
  const first = await findPayout(deps.db, payoutId);
  if (!first) throw earningsErrors.payoutNotFound();
  await deps.db.transaction(async (tx) => {
    await lockProviderRow(tx, first.providerId);
    const payout = await findPayout(tx, payoutId, { forUpdate: true });
    if (!payout) throw earningsErrors.payoutNotFound();
    if (payout.state !== 'failed') throw earningsErrors.notFailed();
    const items = await listPayoutItems(tx, payout.id);
    const covering = await livePayoutsCovering(
      tx,
      items.map((i) => i.bookingId),
      payout.id,
    );
    if (covering.length > 0) throw earningsErrors.alreadyRepaid();
    const reopened = await reopenPayout(tx, payout.id, payout.attempt);
    if (!reopened) throw earningsErrors.notFailed();
    await writePayoutLines(tx, reopened, items, 'payout', now);
    await queueSend(tx, reopened, now);
    await record?.(tx, reopened);
  });
  await sendNow(deps, payoutId);
  return (await findPayout(deps.db, payoutId))!;
}

/** The queue's handlers: the weekly run and the sending of one payout. */
export function payoutJobHandlers(deps: PayoutDeps): JobHandlers {
  return {
    [PAYOUT_RUN_JOB]: async (_payload, { now }) => {
      await runPayouts(deps, now);
      return undefined;
    },
    [PAYOUT_SEND_JOB]: async (payload) => {
      const result = await sendPayout(deps, Number(payload.payoutId));
      return result === 'settled' ? { skipped: 'the payout was already settled' } : undefined;
    },
  };
}
