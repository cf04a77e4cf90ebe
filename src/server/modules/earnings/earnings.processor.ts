/**
 * Sending a partner their payout, behind one interface like card payments
 * (docs/decisions/014-earnings-ledger-and-payouts.md): the sandbox (default) pays at once and logs it;
 * Stripe Connect transfers to the partner's connected account when `STRIPE_SECRET_KEY` is set.
 */

export type PayoutRequest = {
  payoutId: number;
  providerId: number;
  amountCents: number;
  currency: string;
  /** Makes the transfer happen once however often it is asked for (one per payout attempt). */
  idempotencyKey: string;
  /** The partner's connected account (Stripe Connect), or null when they have none. */
  destination: { accountId: string; enabled: boolean } | null;
};

/** A connected account as the processor reports it. */
export type ConnectedAccount = { accountId: string; state: 'details_needed' | 'enabled' };

/** Onboarding partners to a processor that pays into accounts of their own (Stripe Connect Express). */
export type PayoutOnboarding = {
  createAccount(input: {
    providerId: number;
    email: string;
    idempotencyKey: string;
  }): Promise<ConnectedAccount>;
  /** The processor's hosted onboarding page for the account (single use, short-lived). */
  onboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<string>;
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
};

/** `paid`: the money left; `failed`: it will not (the reason is shown to admins and the partner). */
export type PayoutResult = { status: 'paid'; externalId: string } | { status: 'failed'; reason: string };

export type PayoutProcessor = {
  kind: 'sandbox' | 'stripe';
  /** Throws when the processor cannot be reached (the job tries again with the same key). */
  send(request: PayoutRequest): Promise<PayoutResult>;
  /** Present when partners must set up an account of their own first (Stripe Connect). */
  onboarding?: PayoutOnboarding;
};

type Log = { info(fields: object, message: string): void };

/**
 * The built-in payout processor: every payout is paid at once (and logged), with an id derived from
 * its idempotency key, so sending twice is one payout. `failWith` makes it refuse (tests, demos).
 */
export function createSandboxPayouts(
  options: { log?: Log; failWith?: (request: PayoutRequest) => string | null } = {},
): PayoutProcessor {
  return {
    kind: 'sandbox',
    async send(request) {
      const reason = options.failWith?.(request) ?? null;
      if (reason) {
        options.log?.info({ payoutId: request.payoutId, reason }, 'sandbox payout refused');
        return { status: 'failed', reason };
      }
      const externalId = `po_sandbox_${request.idempotencyKey.replace(/[^\w-]/g, '_')}`;
      options.log?.info(
        {
          payoutId: request.payoutId,
          providerId: request.providerId,
          amountCents: request.amountCents,
          externalId,
        },
        'sandbox payout paid',
      );
      return { status: 'paid', externalId };
    },
  };
}
