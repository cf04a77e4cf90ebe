import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import { paymentErrors } from './payments.errors';
import { finalizePaidBooking, recordPaymentFailure } from '../bookings/bookings.settlement';
import { findBookingByIntent } from '../bookings/bookings.repository';

/**
 * Stripe's webhook: verifies the signature on the raw body, then confirms the booking of a succeeded
 * payment even if the browser never came back. Duplicate and out-of-order events are harmless:
 * confirming is idempotent and a failure never overrides a success.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<
  AppDeps & { stripe: Stripe; webhookSecret: string }
> = async (app, deps) => {
  // The signature covers the exact bytes Stripe sent, so this route keeps the body raw.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/webhook',
    { schema: { tags: ['payments'], summary: 'Stripe events (signed)' } },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
          throw new Error('missing signature');
        event = deps.stripe.webhooks.constructEvent(request.body, signature, deps.webhookSecret);
      } catch {
        throw paymentErrors.badSignature();
      }
      if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
        const intent = event.data.object as Stripe.PaymentIntent;
        // Events for payments that are not Trillium bookings are acknowledged and ignored.
        if (!(await findBookingByIntent(deps.db, intent.id))) return { received: true };
        if (event.type === 'payment_intent.succeeded') {
          // The event does not carry the card: read it, for the receipt (a failure only leaves it out).
          const read = await deps.payments.retrieveIntent(intent.id).catch(() => null);
          await finalizePaidBooking(deps, intent.id, {
            card: read?.card ?? null,
            amountCents: intent.amount,
            currency: intent.currency,
          });
        } else {
          const error = intent.last_payment_error;
          await recordPaymentFailure(deps, intent.id, {
            code: error?.decline_code ?? error?.code ?? 'payment_failed',
            message: error?.message ?? 'Payment failed.',
          });
        }
      }
      return { received: true };
    },
  );
};
