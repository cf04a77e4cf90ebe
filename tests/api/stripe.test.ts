import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { pdfText } from '../support/pdf';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { emailsTo } from '../support/outbox';
import { startStripeFake } from '../support/stripe-fake';
import { AT_HOME } from '../support/service-address';

const clock = fixedClock('2026-11-23T12:00:00Z');
const WEBHOOK_SECRET = 'whsec_test_secret';
let fake: Awaited<ReturnType<typeof startStripeFake>>;
let ctx: TestContext;
let providerId: number;
let customer: Client;
const stripe = new Stripe('sk_test_fake');

function event(type: string, object: unknown, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    data: { object },
    api_version: '2024-06-20',
    created: 1,
  });
  return { payload, header: stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

async function postWebhook(payload: string, signature: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  return { status: res.statusCode, body: res.json() };
}

async function hold(hourToronto: number) {
  const res = await customer.post('/api/create-payment-intent', {
    providerId,
    serviceDate: `2026-11-24T${hourToronto + 5}:00:00.000Z`,
    serviceTitle: 'Lawn Care',
    customerName: 'Stripe Customer',
    customerEmail: 'stripe.customer@example.com',
    ...AT_HOME,
  });
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  fake = await startStripeFake();
  ctx = await createTestApp({
    clock,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
    seed: async ({ db }) => {
      const categoryId = await insertCategory(db, { name: 'Gardening', slug: 'gardening' });
      providerId = await insertProvider(db, {
        name: 'Green Thumb',
        categoryId,
        services: [{ name: 'Lawn Care', priceCents: 10000 }],
      });
      await insertUser(db, { email: 'payer@example.com', fullName: 'Pat Payer', password: DEMO_PASSWORD });
    },
  });
  customer = createClient(ctx, { ip: '10.40.0.1' });
  await customer.login('payer@example.com', DEMO_PASSWORD);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('Stripe mode', () => {
  it('creates a PaymentIntent on the server with an idempotency key and hands the browser its client secret and publishable key', async () => {
    const body = await hold(9);
    expect(body).toMatchObject({ processor: 'stripe', publishableKey: 'pk_test_fake', amount: 10339 });
    expect(body.clientSecret).toBe(`${body.paymentIntentId}_secret_fake`);
    expect(fake.intents.get(body.paymentIntentId)?.amount).toBe(10339);
    const again = await hold(9);
    expect(again.paymentIntentId).toBe(body.paymentIntentId);
  });

  it('does not offer the sandbox card endpoint: card numbers never reach the server', async () => {
    const res = await customer.post('/api/payments/sandbox/payment-methods', {
      number: '4242424242424242',
      expMonth: 1,
      expYear: 2030,
      cvc: '123',
    });
    expect(res.status).toBe(404);
  });

  it('refuses a webhook with a bad signature', async () => {
    const body = await hold(10);
    const { payload } = event('payment_intent.succeeded', fake.succeed(body.paymentIntentId));
    const res = await postWebhook(payload, 't=1,v1=deadbeef');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('payments.bad_signature');
    // The forged "succeeded" changed nothing: the booking still waits for its payment.
    expect(
      (await customer.get('/api/bookings')).body.find((b: { id: number }) => b.id === body.bookingId),
    ).toMatchObject({ status: 'awaiting_payment', paymentStatus: 'pending' });
  });

  it('confirms the booking from a signed webhook even if the browser never came back, once however often it arrives', async () => {
    const body = await hold(11);
    const { payload, header } = event(
      'payment_intent.succeeded',
      fake.succeed(body.paymentIntentId),
      'evt_dup',
    );
    expect((await postWebhook(payload, header)).status).toBe(200);
    expect((await postWebhook(payload, header)).status).toBe(200);
    const failedLate = event('payment_intent.payment_failed', {
      ...fake.intents.get(body.paymentIntentId),
      status: 'requires_payment_method',
    });
    expect((await postWebhook(failedLate.payload, failedLate.header)).status).toBe(200);
    const booking = (await customer.get(`/api/bookings/${body.bookingId}`)).body;
    expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'confirmed' });
    const mails = (await emailsTo(ctx.database.db, 'stripe.customer@example.com')).filter((m) =>
      m.textBody.includes(body.referenceNumber),
    );
    expect(mails).toHaveLength(1);
    // The receipt names the card Stripe reports (read with the charge: the event does not carry it).
    const receipt = await customer.get(`/api/bookings/${body.bookingId}/receipt`);
    expect(receipt.status).toBe(200);
    expect(await pdfText(receipt.raw.rawPayload)).toContain('Paid by Mastercard ending in 4444');
    // The browser reporting back afterwards changes nothing.
    const confirm = await customer.post('/api/confirm-payment-intent', {
      paymentIntentId: body.paymentIntentId,
    });
    expect(confirm.body).toMatchObject({ status: 'succeeded', bookingId: body.bookingId });
  });

  it('reads a decline from Stripe when the browser reports back', async () => {
    const body = await hold(12);
    fake.decline(body.paymentIntentId);
    const res = await customer.post('/api/confirm-payment-intent', { paymentIntentId: body.paymentIntentId });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'payments.generic_decline', message: 'Your card was declined.' });
  });

  it('refunds a cancelled booking through Stripe once, with its idempotency key, even when Stripe was away at first', async () => {
    clock.set('2026-11-23T12:00:00Z');
    const body = await hold(13);
    const { payload, header } = event('payment_intent.succeeded', fake.succeed(body.paymentIntentId));
    expect((await postWebhook(payload, header)).status).toBe(200);
    // Within 15 minutes of paying: a full refund whatever the policy.
    const cancelled = await customer.post(`/api/bookings/${body.bookingId}/cancel`, { reason: 'Mis-tap' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ refundAmount: 10339, refundStatus: 'pending' });
    const refundsOf = () => fake.refunds.filter((r) => r.payment_intent === body.paymentIntentId);
    fake.failRefunds(5); // more than the Stripe client's own retries
    await runDueJobs(ctx);
    expect(refundsOf()).toEqual([]);
    expect((await customer.get(`/api/bookings/${body.bookingId}`)).body.refundStatus).toBe('pending');
    clock.advance(60_000); // the job's backoff
    await runDueJobs(ctx);
    expect(refundsOf()).toEqual([{ payment_intent: body.paymentIntentId, amount: 10339 }]);
    expect((await customer.get(`/api/bookings/${body.bookingId}`)).body).toMatchObject({
      refundStatus: 'succeeded',
      refundedCents: 10339,
    });
    // Asked again, and the jobs run again: nothing more goes back.
    expect((await customer.post(`/api/bookings/${body.bookingId}/cancel`)).status).toBe(200);
    clock.advance(3_600_000);
    await runDueJobs(ctx);
    expect(refundsOf()).toHaveLength(1);
  });

  it('a refund whose answers were lost, retried after Stripe has forgotten its idempotency key, goes back once', async () => {
    clock.set('2026-11-23T12:00:00Z');
    const body = await hold(14);
    const { payload, header } = event('payment_intent.succeeded', fake.succeed(body.paymentIntentId));
    expect((await postWebhook(payload, header)).status).toBe(200);
    const cancelled = await customer.post(`/api/bookings/${body.bookingId}/cancel`, { reason: 'Mis-tap' });
    expect(cancelled.status).toBe(200);
    const refundsOf = () => fake.refunds.filter((r) => r.payment_intent === body.paymentIntentId);
    // Stripe makes the refund, but no answer arrives (the first call and the client's two retries).
    fake.loseRefundAnswers(3);
    await runDueJobs(ctx);
    expect(refundsOf()).toEqual([{ payment_intent: body.paymentIntentId, amount: 10339 }]);
    expect((await customer.get(`/api/bookings/${body.bookingId}`)).body.refundStatus).toBe('pending');
    // The job's next try comes after Stripe has dropped the key (after 24 hours: a long outage, an
    // admin's Retry days later); the clock moves only the job's backoff, so the session stays signed in.
    fake.forgetIdempotencyKeys();
    clock.advance(60_000);
    await runDueJobs(ctx);
    expect(refundsOf()).toEqual([{ payment_intent: body.paymentIntentId, amount: 10339 }]);
    expect((await customer.get(`/api/bookings/${body.bookingId}`)).body).toMatchObject({
      refundStatus: 'succeeded',
      refundedCents: 10339,
    });
  });

  it('acknowledges events for payments that are not bookings', async () => {
    const { payload, header } = event('payment_intent.succeeded', {
      id: 'pi_somewhere_else',
      object: 'payment_intent',
    });
    expect((await postWebhook(payload, header)).status).toBe(200);
  });
});
