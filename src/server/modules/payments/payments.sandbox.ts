import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  cardDigits,
  detectBrand,
  isExpiryValid,
  passesLuhn,
  SANDBOX_TEST_CARDS,
} from '../../../shared/domain/cards';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { sandboxCards, sandboxIntents } from '../../db/schema';
import { AppError } from '../../errors';
import type { ConfirmResult, PaymentIntent, PaymentProcessor } from './payments.processor';

const DECLINES = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
} as const;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function toIntent(row: typeof sandboxIntents.$inferSelect): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    metadata: row.metadata,
  };
}

/**
 * A card processor in test mode, built in (DECISIONS 3): 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 fails for insufficient funds; any other card
 * that passes the Luhn check succeeds. Its state lives in its own tables, like a processor's would.
 */
export function createSandboxProcessor({ db, clock }: { db: Database; clock: Clock }) {
  const processor: PaymentProcessor = {
    kind: 'sandbox',
    publishableKey: null,

    async createIntent({ amountCents, currency, idempotencyKey, metadata, customerRef }) {
      const existing = await db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.idempotencyKey, idempotencyKey))
        .limit(1);
      if (existing[0]) return toIntent(existing[0]);
      const intentId = id('pi_sbx');
      const [row] = await db
        .insert(sandboxIntents)
        .values({
          id: intentId,
          idempotencyKey,
          clientSecret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
          amountCents,
          currency: currency.toLowerCase(),
          status: 'requires_payment_method',
          metadata,
          customerRef,
        })
        .onConflictDoNothing({ target: sandboxIntents.idempotencyKey })
        .returning();
      if (row) return toIntent(row);
      const [raced] = await db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.idempotencyKey, idempotencyKey));
      return toIntent(raced!);
    },

    async confirmIntent({ intentId, paymentMethodId }): Promise<ConfirmResult> {
      const [intent] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, intentId)).limit(1);
      if (!intent)
        return {
          status: 'requires_payment_method',
          failure: { code: 'payment_intent_not_found', message: 'Payment not found.' },
        };
      if (intent.status === 'succeeded') return { status: 'succeeded' };
      if (intent.status === 'canceled')
        return {
          status: 'canceled',
          failure: { code: 'payment_intent_canceled', message: 'This payment was cancelled.' },
        };
      // A card is usable only by the account that tokenised it, like a processor's customer's cards.
      const [card] =
        paymentMethodId && intent.customerRef
          ? await db
              .select()
              .from(sandboxCards)
              .where(
                and(eq(sandboxCards.id, paymentMethodId), eq(sandboxCards.customerRef, intent.customerRef)),
              )
              .limit(1)
          : [];
      if (!card) {
        return {
          status: 'requires_payment_method',
          failure: { code: 'payment_method_missing', message: 'Please enter your card details.' },
        };
      }
      if (card.outcome !== 'succeeded') {
        await db
          .update(sandboxIntents)
          .set({ lastErrorCode: card.outcome, paymentMethodId: card.id, updatedAt: clock.now() })
          .where(eq(sandboxIntents.id, intentId));
        return {
          status: 'requires_payment_method',
          failure: { code: card.outcome, message: DECLINES[card.outcome] },
        };
      }
      // Charged at most once: only the confirmation that moves it out of requires_payment_method counts.
      await db
        .update(sandboxIntents)
        .set({ status: 'succeeded', paymentMethodId: card.id, lastErrorCode: null, updatedAt: clock.now() })
        .where(and(eq(sandboxIntents.id, intentId), eq(sandboxIntents.status, 'requires_payment_method')));
      return { status: 'succeeded' };
    },

    async retrieveIntent(intentId) {
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, intentId)).limit(1);
      return row ? toIntent(row) : null;
    },

    async cancelIntent(intentId) {
      // Only an unpaid intent can be cancelled; the same conditional update decides a race with a payment.
      await db
        .update(sandboxIntents)
        .set({ status: 'canceled', updatedAt: clock.now() })
        .where(and(eq(sandboxIntents.id, intentId), eq(sandboxIntents.status, 'requires_payment_method')));
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, intentId)).limit(1);
      return row ? toIntent(row) : null;
    },

    async refund({ intentId, amountCents }) {
      await db
        .update(sandboxIntents)
        .set({
          refundedCents: sql`least(${sandboxIntents.amountCents}, ${sandboxIntents.refundedCents} + ${amountCents})`,
          updatedAt: clock.now(),
        })
        .where(and(eq(sandboxIntents.id, intentId), eq(sandboxIntents.status, 'succeeded')));
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
    if (!passesLuhn(digits))
      throw new AppError(400, 'payments.invalid_number', 'Your card number is invalid.');
    if (!brand)
      throw new AppError(
        400,
        'payments.unsupported_brand',
        'We accept Visa, Mastercard and American Express.',
      );
    if (!isExpiryValid(input.expMonth, input.expYear, clock.now())) {
      throw new AppError(
        400,
        'payments.invalid_expiry',
        "Your card's expiration date is invalid or in the past.",
      );
    }
    if (input.cvc.length !== (brand === 'amex' ? 4 : 3))
      throw new AppError(400, 'payments.invalid_cvc', "Your card's security code is invalid.");
    const outcome = SANDBOX_TEST_CARDS[digits as keyof typeof SANDBOX_TEST_CARDS] ?? 'succeeded';
    const [row] = await db
      .insert(sandboxCards)
      .values({
        id: id('pm_sbx'),
        brand,
        last4: digits.slice(-4),
        expMonth: input.expMonth,
        expYear: input.expYear < 100 ? 2000 + input.expYear : input.expYear,
        outcome,
        billingName: input.billingName ?? null,
        billingEmail: input.billingEmail ?? null,
        customerRef: input.customerRef,
      })
      .returning({ id: sandboxCards.id, brand: sandboxCards.brand, last4: sandboxCards.last4 });
    return row!;
  }

  return { processor, createPaymentMethod };
}
