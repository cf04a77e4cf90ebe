import { randomBytes } from 'node:crypto';
import {
  cardDigits,
  detectBrand,
  isExpiryValid,
  passesLuhn,
  SANDBOX_TEST_CARDS,
} from '../../../shared/domain/cards';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import { paymentErrors } from './payments.errors';
import type { CardSummary, ConfirmResult, PaymentIntent, PaymentProcessor } from './payments.processor';
import {
  findCustomerCard,
  findIntent,
  findIntentCard,
  insertCard,
  insertIntentOnce,
  markIntentCanceled,
  markIntentSucceeded,
  recordDecline,
  refundIntentOnce,
  succeedWithCard,
  type SandboxIntentRow,
} from './payments.sandbox.repository';

const DECLINES = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
} as const;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function toIntent(row: SandboxIntentRow, card: CardSummary | null = null): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    metadata: row.metadata,
    card,
  };
}

/**
 * A card processor in test mode, built in (docs/product.md, "Paying"): 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 fails for insufficient funds; any other card
 * that passes the Luhn check succeeds. Its state lives in its own tables, like a processor's would;
 * like a processor's customers, a card serves only the account that tokenised it.
 */
export function createSandboxProcessor({ db, clock }: { db: Executor; clock: Clock }) {
  const paidCard = (row: SandboxIntentRow) =>
    row.status === 'succeeded' ? findIntentCard(db, row.paymentMethodId) : Promise.resolve(null);
  const processor: PaymentProcessor = {
    kind: 'sandbox',
    publishableKey: null,

    async createIntent({ amountCents, currency, idempotencyKey, metadata, customerRef }) {
      // One statement for a new key (insert, or nothing on a conflict, then the first one is read back):
      // a lookup first would cost every new hold a round trip to answer only the rare repeat.
      const intentId = id('pi_sbx');
      return toIntent(
        await insertIntentOnce(db, {
          id: intentId,
          idempotencyKey,
          clientSecret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
          amountCents,
          currency: currency.toLowerCase(),
          status: 'requires_payment_method',
          metadata,
          customerRef,
        }),
      );
    },

    async confirmIntent({ intentId, paymentMethodId }): Promise<ConfirmResult> {
      // The usual case, a good card of the intent's own customer on an unpaid intent, in one statement;
      // anything else (no card, a decline, paid or cancelled already) is read and answered below.
      if (paymentMethodId) {
        const paid = await succeedWithCard(db, intentId, paymentMethodId, clock.now());
        if (paid) return { status: 'succeeded', card: paid };
      }
      const intent = await findIntent(db, intentId);
      if (!intent)
        return {
          status: 'requires_payment_method',
          failure: { code: 'payment_intent_not_found', message: 'Payment not found.' },
        };
      if (intent.status === 'succeeded')
        return { status: 'succeeded', card: await findIntentCard(db, intent.paymentMethodId) };
      if (intent.status === 'canceled')
        return {
          status: 'canceled',
          failure: { code: 'payment_intent_canceled', message: 'This payment was cancelled.' },
        };
      const card =
        paymentMethodId && intent.customerRef
          ? await findCustomerCard(db, paymentMethodId, intent.customerRef)
          : undefined;
      if (!card) {
        return {
          status: 'requires_payment_method',
          failure: { code: 'payment_method_missing', message: 'Please enter your card details.' },
        };
      }
      if (card.outcome !== 'succeeded') {
        await recordDecline(db, intentId, card.id, card.outcome, clock.now());
        return {
          status: 'requires_payment_method',
          failure: { code: card.outcome, message: DECLINES[card.outcome] },
        };
      }
      await markIntentSucceeded(db, intentId, card.id, clock.now());
      return { status: 'succeeded', card: { brand: card.brand, last4: card.last4 } };
    },

    async retrieveIntent(intentId) {
      const row = await findIntent(db, intentId);
      return row ? toIntent(row, await paidCard(row)) : null;
    },

    async cancelIntent(intentId) {
      await markIntentCanceled(db, intentId, clock.now());
      const row = await findIntent(db, intentId);
      return row ? toIntent(row, await paidCard(row)) : null;
    },

    async refund({ intentId, amountCents, idempotencyKey }) {
      await refundIntentOnce(db, { intentId, amountCents, idempotencyKey, now: clock.now() });
    },
  };

  /**
   * Tokenises a test card for one account (`customerRef`); refuses a number that fails Luhn, an expired
   * date or a bad CVC.
   */
  async function createPaymentMethod(input: {
    customerRef: string;
    number: string;
    expMonth: number;
    expYear: number;
    cvc: string;
    billingName?: string | null;
    billingEmail?: string | null;
  }) {
    const digits = cardDigits(input.number);
    const brand = detectBrand(digits);
    if (!passesLuhn(digits)) throw paymentErrors.invalidNumber();
    if (!brand) throw paymentErrors.unsupportedBrand();
    if (!isExpiryValid(input.expMonth, input.expYear, clock.now())) throw paymentErrors.invalidExpiry();
    if (input.cvc.length !== (brand === 'amex' ? 4 : 3)) throw paymentErrors.invalidCvc();
    const outcome = SANDBOX_TEST_CARDS[digits as keyof typeof SANDBOX_TEST_CARDS] ?? 'succeeded';
    return insertCard(db, {
      id: id('pm_sbx'),
      brand,
      last4: digits.slice(-4),
      expMonth: input.expMonth,
      expYear: input.expYear < 100 ? 2000 + input.expYear : input.expYear,
      outcome,
      billingName: input.billingName ?? null,
      billingEmail: input.billingEmail ?? null,
      customerRef: input.customerRef,
    });
  }

  return { processor, createPaymentMethod };
}
