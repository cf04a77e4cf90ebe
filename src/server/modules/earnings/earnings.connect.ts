import type Stripe from 'stripe';
import type { User } from '../../../shared/contract/auth';
import type { PayoutAccount } from '../../../shared/contract/earnings';
import { earningsErrors } from './earnings.errors';
import { type PayoutDeps, reversePaidPayout } from './earnings.payouts';
import {
  findPayoutAccount,
  findProviderOwner,
  ownerEmail,
  savePayoutAccount,
  updatePayoutAccount,
} from './earnings.repository';
import { stripeAccountState } from './earnings.stripe';
import type { ConnectedAccount } from './earnings.processor';

/** Setting up payouts with Stripe Connect Express, and what Stripe tells us about them (webhooks). */

type ConnectDeps = PayoutDeps & { publicUrl: string };

async function ownListing(deps: Pick<PayoutDeps, 'db'>, user: User) {
  const providerId = await findProviderOwner(deps.db, user.id);
  if (providerId === undefined) throw earningsErrors.noListing();
  return providerId;
}

/** How the partner is paid now; a Stripe account not yet enabled is read again from Stripe. */
export async function payoutAccountOf(deps: ConnectDeps, user: User): Promise<PayoutAccount> {
  const onboarding = deps.payouts.onboarding;
  if (!onboarding) return { processor: 'sandbox', state: 'enabled', lastPayoutFailure: null };
  const providerId = await ownListing(deps, user);
  const account = await findPayoutAccount(deps.db, providerId);
  if (!account) return { processor: 'stripe', state: 'not_started', lastPayoutFailure: null };
  let state = account.state;
  if (state !== 'enabled') {
    // Back from Stripe's pages before the webhook: ask Stripe (a failure keeps what we knew).
    const fresh = await onboarding.retrieveAccount(account.accountId).catch(() => null);
    if (fresh && fresh.state !== state) {
      state = fresh.state;
      await updatePayoutAccount(deps.db, account.accountId, { state, now: deps.clock.now() });
    }
  }
  return { processor: 'stripe', state, lastPayoutFailure: account.lastPayoutFailure };
}

/**
 * "Set up payouts": creates the partner's Express account once (idempotency key per listing), then a
 * fresh link to Stripe's hosted onboarding, which comes back to the dashboard.
 */
export async function startOnboarding(deps: ConnectDeps, user: User): Promise<{ url: string }> {
  const onboarding = deps.payouts.onboarding;
  if (!onboarding) throw earningsErrors.noOnboarding();
  const providerId = await ownListing(deps, user);
  try {
    let account = await findPayoutAccount(deps.db, providerId);
    if (!account) {
      const created = await onboarding.createAccount({
        providerId,
        email: (await ownerEmail(deps.db, providerId)) ?? user.email,
        idempotencyKey: `connect-account-${providerId}`,
      });
      await savePayoutAccount(deps.db, { providerId, ...created, now: deps.clock.now() });
      account = await findPayoutAccount(deps.db, providerId);
    }
    const back = `${deps.publicUrl}/partner-dashboard?tab=earnings`;
    const url = await onboarding.onboardingLink({
      accountId: account!.accountId,
      refreshUrl: `${back}&payouts=retry`,
      returnUrl: `${back}&payouts=done`,
    });
    return { url };
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('payouts.')) throw error;
    deps.log?.warn({ err: error }, 'Stripe onboarding failed');
    throw earningsErrors.processorAway();
  }
}

/** Whether a transfer was reversed in full (an event without the amounts is taken as a full reversal). */
function fullyReversed(transfer: Stripe.Transfer) {
  if (transfer.reversed === true) return true;
  if (typeof transfer.amount_reversed !== 'number') return true;
  return transfer.amount_reversed >= transfer.amount;
}

/**
 * A verified Stripe event about payouts. Every one is safe to receive twice or out of order: states
 * are set, not toggled, and a reversed transfer fails its payout once (the ledger's keys see to it).
 */
export async function applyPayoutEvent(
  deps: Pick<PayoutDeps, 'db' | 'clock' | 'log'> & {
    /** The account as Stripe has it now (without it, the event's copy is taken). */
    retrieveAccount?: (accountId: string) => Promise<ConnectedAccount>;
  },
  event: Stripe.Event,
) {
  const now = deps.clock.now();
  switch (event.type) {
    case 'account.updated': {
      const account = event.data.object as Stripe.Account;
      // Events come out of order too (an older "enabled" after a newer "restricted"): the account is
      // read again, and its state now is what is kept. Stripe away throws: the event is sent again.
      let current: ConnectedAccount;
      try {
        current = deps.retrieveAccount ? await deps.retrieveAccount(account.id) : stripeAccountState(account);
      } catch (error) {
        // An account Stripe does not know (not one of ours): nothing to change.
        if ((error as { statusCode?: number }).statusCode === 404) return 'ignored';
        throw error;
      }
      await updatePayoutAccount(deps.db, account.id, { state: current.state, now });
      return 'applied';
    }
    case 'account.application.deauthorized': {
      // The partner disconnected Trillium from their Stripe account: no payout can reach it any more.
      if (!event.account) return 'ignored';
      await updatePayoutAccount(deps.db, event.account, { state: 'details_needed', now });
      return 'applied';
    }
    case 'transfer.reversed': {
      const transfer = event.data.object as Stripe.Transfer;
      // Stripe sends this event for partial reversals too. Only a transfer reversed in full fails its
      // payout: returning the whole payout for a partial one would let a Retry pay the rest twice.
      if (!fullyReversed(transfer)) {
        deps.log?.warn(
          { transferId: transfer.id, amountReversed: transfer.amount_reversed, amount: transfer.amount },
          'a payout transfer was partly reversed: left paid, for an admin to settle',
        );
        return 'ignored';
      }
      const reversed = await reversePaidPayout(deps, transfer.id, 'Stripe reversed the transfer.');
      return reversed ? 'applied' : 'ignored';
    }
    case 'payout.failed':
    case 'payout.paid': {
      // The connected account's own payout to the partner's bank (the event names the account).
      const payout = event.data.object as Stripe.Payout;
      if (!event.account) return 'ignored';
      await updatePayoutAccount(deps.db, event.account, {
        lastPayoutFailure:
          event.type === 'payout.failed' ? (payout.failure_message ?? 'The bank refused the payout.') : null,
        now,
      });
      return 'applied';
    }
    default:
      // transfer.created, transfer.updated and the rest: nothing to change.
      return 'ignored';
  }
}
