import Stripe from 'stripe';
import type {
  CardSummary,
  ConfirmResult,
  IntentStatus,
  PaymentIntent,
  PaymentProcessor,
} from './payments.processor';
import { ProcessorError } from './payments.processor';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local fake: `http://127.0.0.1:PORT`. */
  apiBase?: string;
};

export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/** The card of an intent's charge, when the charge was expanded (`expand: ['latest_charge']`). */
function cardOf(intent: Stripe.PaymentIntent): CardSummary | null {
  const charge = intent.latest_charge;
  const card = charge && typeof charge === 'object' ? charge.payment_method_details?.card : null;
  return card?.last4 ? { brand: card.brand ?? 'card', last4: card.last4 } : null;
}

function toIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as IntentStatus,
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: intent.metadata ?? {},
    card: cardOf(intent),
  };
}

/** Reads an intent with its charge, so the card that paid is known (receipts print it). */
const WITH_CHARGE = { expand: ['latest_charge'] };
/** The refund's own key, kept in its metadata: Stripe's idempotency keys last only 24 hours. */
const REFUND_KEY = 'trillium_refund';

/**
 * Stripe PaymentIntents. The browser confirms the card with Stripe Elements (card numbers never reach
 * this server); the server creates intents with an idempotency key, reads their outcome, refunds,
 * and hears of successes through the webhook.
 */
export function createStripeProcessor(settings: StripeSettings): {
  processor: PaymentProcessor;
  stripe: Stripe;
} {
  const stripe = createStripeClient(settings);
  const wrap = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new ProcessorError(`Stripe call failed: ${(error as Error).message}`, { cause: error });
    }
  };
  const processor: PaymentProcessor = {
    kind: 'stripe',
    publishableKey: settings.publishableKey,
    createIntent: ({ amountCents, currency, idempotencyKey, metadata, receiptEmail, customerRef }) =>
      wrap(async () =>
        toIntent(
          await stripe.paymentIntents.create(
            {
              amount: amountCents,
              currency: currency.toLowerCase(),
              allowed_payment_method_types: ['card'],
              metadata: { ...metadata, customerRef },
              ...(receiptEmail ? { receipt_email: receiptEmail } : {}),
            },
            { idempotencyKey },
          ),
        ),
      ),
    async confirmIntent({ intentId }): Promise<ConfirmResult> {
      const intent = await wrap(() => stripe.paymentIntents.retrieve(intentId, WITH_CHARGE));
      if (intent.status === 'succeeded')
        return {
          status: 'succeeded',
          card: cardOf(intent),
          amountCents: intent.amount,
          currency: intent.currency,
        };
      const error = intent.last_payment_error;
      return {
        status: intent.status as Exclude<IntentStatus, 'succeeded'>,
        failure: {
          code: error?.decline_code ?? error?.code ?? 'payment_incomplete',
          message: error?.message ?? 'Payment could not be processed. Please try again.',
        },
      };
    },
    async retrieveIntent(intentId) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(intentId, WITH_CHARGE));
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw new ProcessorError(`Stripe call failed: ${(error as Error).message}`, { cause: error });
      }
    },
    async cancelIntent(intentId) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(intentId));
      } catch (error) {
        // Stripe refuses to cancel an intent that succeeded (or is already cancelled): read its state.
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 400 || status === 404) return processor.retrieveIntent(intentId);
        throw new ProcessorError(`Stripe call failed: ${(error as Error).message}`, { cause: error });
      }
    },
    refund: ({ intentId, amountCents, idempotencyKey }) =>
      wrap(async () => {
        // Stripe keeps an idempotency key for 24 hours. A refund asked for again later (a job whose
        // answer was lost, retried by an admin days after) is found by the key it carries, not made twice.
        const made = await stripe.refunds.list({ payment_intent: intentId, limit: 100 });
        const same = made.data.find(
          (r) =>
            r.metadata?.[REFUND_KEY] === idempotencyKey && r.status !== 'failed' && r.status !== 'canceled',
        );
        if (same) return;
        await stripe.refunds.create(
          { payment_intent: intentId, amount: amountCents, metadata: { [REFUND_KEY]: idempotencyKey } },
          { idempotencyKey },
        );
      }),
  };
  return { processor, stripe };
}
