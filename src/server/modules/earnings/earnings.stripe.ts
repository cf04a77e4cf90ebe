import type Stripe from 'stripe';
import type { ConnectedAccount, PayoutProcessor } from './earnings.processor';

/**
 * Payouts by Stripe Connect Express (docs/decisions/014-earnings-ledger-and-payouts.md): each partner
 * has a connected account, onboarded on Stripe's hosted pages (account links); a payout is a transfer
 * from Trillium's balance to that account, with the payout attempt's idempotency key, and Stripe pays
 * the account out to the partner's bank on its own schedule.
 */

function accountOf(account: Stripe.Account): ConnectedAccount {
  return {
    accountId: account.id,
    state: account.details_submitted && account.payouts_enabled ? 'enabled' : 'details_needed',
  };
}

/** Stripe's answer to a request it refused (4xx): the transfer will not happen as asked. */
const refused = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
};

export function createStripePayouts(stripe: Stripe): PayoutProcessor {
  return {
    kind: 'stripe',
    async send(request) {
      const group = `payout-${request.payoutId}`;
      // Stripe keeps an idempotency key for 24 hours only: a send tried again later (the answer was
      // lost and the server was down) would make a second transfer. So the payout's group is read
      // first, before anything else is decided (Stripe unreachable throws: the job tries again):
      // - a transfer of any of its attempts that still stands means the payout is paid (an attempt
      //   marked failed while its transfer was made, then retried, must not pay the partner twice);
      // - this attempt's transfer reversed in full means the money came back: failed, with the reason.
      const made = await stripe.transfers.list({ transfer_group: group, limit: 100 });
      const standing = made.data.find((t) => !t.reversed);
      if (standing) return { status: 'paid', externalId: standing.id };
      if (made.data.some((t) => t.metadata?.idempotencyKey === request.idempotencyKey))
        return { status: 'failed', reason: 'Stripe reversed the transfer: the money came back to Trillium.' };
      if (!request.destination?.enabled)
        return {
          status: 'failed',
          reason: 'The partner has not finished setting up payouts with Stripe.',
        };
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            destination: request.destination.accountId,
            transfer_group: group,
            metadata: {
              payoutId: String(request.payoutId),
              providerId: String(request.providerId),
              idempotencyKey: request.idempotencyKey,
            },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return { status: 'paid', externalId: transfer.id };
      } catch (error) {
        if (refused(error)) return { status: 'failed', reason: (error as Error).message.slice(0, 300) };
        throw error;
      }
    },
    onboarding: {
      async createAccount({ providerId, email, idempotencyKey }) {
        const account = await stripe.accounts.create(
          {
            type: 'express',
            country: 'CA',
            email,
            capabilities: { transfers: { requested: true } },
            metadata: { providerId: String(providerId) },
          },
          { idempotencyKey },
        );
        return accountOf(account);
      },
      async onboardingLink({ accountId, refreshUrl, returnUrl }) {
        const link = await stripe.accountLinks.create({
          account: accountId,
          refresh_url: refreshUrl,
          return_url: returnUrl,
          type: 'account_onboarding',
        });
        return link.url;
      },
      async retrieveAccount(accountId) {
        return accountOf(await stripe.accounts.retrieve(accountId));
      },
    },
  };
}

export { accountOf as stripeAccountState };
