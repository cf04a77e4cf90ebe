import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { partnerBalance } from '../../src/server/modules/earnings/earnings.repository';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { startStripeFake } from '../support/stripe-fake';

// Issue 22: payouts by Stripe Connect Express, offline against a local fake of the endpoints used.

const clock = fixedClock('2026-11-23T12:00:00Z');
const WEBHOOK_SECRET = 'whsec_test_secret';
const stripe = new Stripe('sk_test_fake');
let fake: Awaited<ReturnType<typeof startStripeFake>>;
let ctx: TestContext;
let providerId: number;
let customer: Client;
let partner: Client;
let admin: Client;

function event(
  type: string,
  object: unknown,
  extra: Record<string, unknown> = {},
  id = `evt_${Math.random().toString(36).slice(2)}`,
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    data: { object },
    api_version: '2024-06-20',
    created: 1,
    ...extra,
  });
  return { payload, header: stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

async function postWebhook({ payload, header }: { payload: string; header: string }) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/payouts/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
  return { status: res.statusCode, body: res.json() };
}

async function signedIn(email: string, ip: string) {
  const client = createClient(ctx, { ip });
  const res = await client.post('/api/login', { email, password: DEMO_PASSWORD, remember: true });
  expect(res.status).toBe(200);
  return client;
}

const earnings = async () => (await partner.get('/api/partner/earnings')).body;

/** A booking paid with Stripe (the card confirmed by "Elements" in the fake), completed by the partner. */
async function paidAndCompleted(dayUtc: string) {
  const held = await customer.post('/api/create-payment-intent', {
    providerId,
    serviceDate: `${dayUtc}T15:00:00.000Z`,
    customerName: 'Connie Connect',
    customerEmail: 'connect.customer@example.com',
  });
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  fake.succeed(held.body.paymentIntentId);
  const paid = await customer.post('/api/confirm-payment-intent', {
    paymentIntentId: held.body.paymentIntentId,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  clock.set(`${dayUtc}T17:00:00.000Z`);
  expect(
    (await partner.patch(`/api/partner/bookings/${held.body.bookingId}`, { action: 'complete' })).status,
  ).toBe(200);
  return held.body.bookingId as number;
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
      PUBLIC_URL: 'https://trillium.test',
    },
    seed: async ({ db }) => {
      const categoryId = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      const owner = await insertUser(db, {
        email: 'connect.owner@example.com',
        fullName: 'Cora Connect',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      providerId = await insertProvider(db, {
        name: 'Connect Salon',
        categoryId,
        ownerUserId: owner,
        streetAddress: '1 King St W',
        services: [{ name: 'Haircut', priceCents: 10000 }],
      });
      await insertUser(db, {
        email: 'connect.customer@example.com',
        fullName: 'Connie',
        password: DEMO_PASSWORD,
      });
      await insertUser(db, {
        email: 'connect.admin@example.com',
        fullName: 'Ada',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
    },
  });
  customer = await signedIn('connect.customer@example.com', '10.72.0.1');
  partner = await signedIn('connect.owner@example.com', '10.72.0.2');
  admin = await signedIn('connect.admin@example.com', '10.72.0.3');
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('Stripe Connect Express payouts', () => {
  let accountId: string;
  let payoutId: number;

  it('"Set up payouts" creates one Express account and links to Stripe\'s hosted onboarding', async () => {
    expect((await partner.get('/api/partner/payout-account')).body).toEqual({
      processor: 'stripe',
      state: 'not_started',
      lastPayoutFailure: null,
    });
    const first = await partner.post('/api/partner/payout-account/onboarding', {});
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/acct_fake_\d+\?return=/);
    expect(decodeURIComponent(first.body.url)).toContain(
      'https://trillium.test/partner-dashboard?tab=earnings&payouts=done',
    );
    const second = await partner.post('/api/partner/payout-account/onboarding', {});
    expect(second.status).toBe(200);
    expect(fake.accounts.size).toBe(1);
    accountId = [...fake.accounts.keys()][0]!;
    expect(fake.accounts.get(accountId)!.email).toBe('connect.owner@example.com');
    expect((await partner.get('/api/partner/payout-account')).body.state).toBe('details_needed');
    // Customers are refused.
    expect((await customer.post('/api/partner/payout-account/onboarding', {})).status).toBe(403);
  });

  it('a payout before the account is enabled fails with its reason and gives the money back', async () => {
    const bookingId = await paidAndCompleted('2026-11-24');
    clock.set('2026-11-30T14:00:00Z');
    const run = await admin.post('/api/admin/payouts/run', {});
    expect(run.body).toMatchObject({ created: 1, paid: 0, failed: 1 });
    const [failed] = (await admin.get('/api/admin/payouts?state=failed')).body;
    expect(failed).toMatchObject({ processor: 'stripe', bookingIds: [bookingId] });
    expect(failed.failureReason).toContain('not finished setting up payouts');
    payoutId = failed.id;
    expect(fake.transfers).toHaveLength(0);
    expect((await earnings()).availableCents).toBe(10000);
  });

  it("account.updated (signed, replayed) enables payouts; Retry transfers to the account with the attempt's key", async () => {
    const forged = await postWebhook({
      payload: event('account.updated', fake.completeOnboarding(accountId)).payload,
      header: 't=1,v1=deadbeef',
    });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('payouts.bad_signature');
    const updated = event('account.updated', fake.accounts.get(accountId), {}, 'evt_account_1');
    expect((await postWebhook(updated)).status).toBe(200);
    expect((await postWebhook(updated)).status).toBe(200);
    expect((await partner.get('/api/partner/payout-account')).body.state).toBe('enabled');

    const retried = await admin.post(`/api/admin/payouts/${payoutId}/retry`, {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ state: 'paid', attempt: 2 });
    expect(fake.transfers).toEqual([
      expect.objectContaining({
        amount: 10000,
        destination: accountId,
        idempotencyKey: `payout-${payoutId}-2`,
      }),
    ]);
    expect(await earnings()).toMatchObject({ availableCents: 0, paidCents: 10000 });
  });

  it('transfer.reversed fails the paid payout and returns its money, once however often it arrives', async () => {
    const transfer = fake.transfers[0]!;
    fake.reverseTransfer(transfer.id);
    const reversed = event(
      'transfer.reversed',
      { id: transfer.id, object: 'transfer', amount: transfer.amount },
      {},
      'evt_rev',
    );
    expect((await postWebhook(reversed)).body).toMatchObject({ outcome: 'applied' });
    expect((await postWebhook(reversed)).body).toMatchObject({ outcome: 'ignored' });
    const [payout] = (await admin.get('/api/admin/payouts?state=failed')).body;
    expect(payout).toMatchObject({ id: payoutId, failureReason: 'Stripe reversed the transfer.' });
    const shown = await earnings();
    expect(shown.availableCents).toBe(10000);
    expect(await partnerBalance(ctx.database.db, providerId)).toBe(shown.availableCents + shown.pendingCents);
    expect((await admin.get('/api/admin/ledger/check')).body).toMatchObject({
      balanced: true,
      unbalanced: [],
    });
  });

  it('payout.failed on the connected account is shown to the partner until a payout.paid', async () => {
    const failed = event(
      'payout.failed',
      { id: 'po_1', object: 'payout', failure_message: 'The bank account has been closed.' },
      { account: accountId },
    );
    expect((await postWebhook(failed)).status).toBe(200);
    expect((await partner.get('/api/partner/payout-account')).body.lastPayoutFailure).toBe(
      'The bank account has been closed.',
    );
    const paid = event('payout.paid', { id: 'po_2', object: 'payout' }, { account: accountId });
    expect((await postWebhook(paid)).status).toBe(200);
    expect((await partner.get('/api/partner/payout-account')).body.lastPayoutFailure).toBeNull();
  });
});

describe('Connect webhooks, hostile and unlucky', () => {
  it('unsigned, forged or mistyped events are refused with a 400; events about unknown accounts and transfers are acknowledged', async () => {
    const { payload } = event('account.updated', { id: 'acct_nobody', object: 'account' });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payouts/webhook',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().code).toBe('payouts.bad_signature');
    const otherSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await postWebhook({ payload, header: otherSecret })).status).toBe(400);
    // Signed, then altered.
    const signed = event('transfer.reversed', { id: 'tr_x', object: 'transfer', amount: 1 });
    expect(
      (await postWebhook({ payload: signed.payload.replace('tr_x', 'tr_y'), header: signed.header })).status,
    ).toBe(400);
    const unknownAccount = event('account.updated', {
      id: 'acct_nobody',
      object: 'account',
      details_submitted: true,
      payouts_enabled: true,
    });
    expect((await postWebhook(unknownAccount)).status).toBe(200);
    const unknownTransfer = event('transfer.reversed', { id: 'tr_nobody', object: 'transfer', amount: 500 });
    expect(await postWebhook(unknownTransfer)).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    const unknownPayout = event(
      'payout.failed',
      { id: 'po_x', object: 'payout' },
      { account: 'acct_nobody' },
    );
    expect((await postWebhook(unknownPayout)).status).toBe(200);
  });

  it('a partial reversal of a transfer does not give the whole payout back (a retry would pay it twice)', async () => {
    const [failed] = (await admin.get('/api/admin/payouts?state=failed')).body;
    const retried = await admin.post(`/api/admin/payouts/${failed.id}/retry`, {});
    expect(retried.body).toMatchObject({ state: 'paid', attempt: 3 });
    const transfer = fake.transfers.at(-1)!;
    expect(transfer.amount).toBe(10000);
    const partial = event('transfer.reversed', {
      id: transfer.id,
      object: 'transfer',
      amount: transfer.amount,
      amount_reversed: 1000,
      reversed: false,
    });
    expect((await postWebhook(partial)).status).toBe(200);
    const [payout] = (await admin.get(`/api/admin/payouts`)).body.filter(
      (p: { id: number }) => p.id === failed.id,
    );
    expect(payout.state).toBe('paid');
    expect(await earnings()).toMatchObject({ availableCents: 0, paidCents: 10000 });

    // Reversed in full later: now the payout fails and its money comes back, once.
    fake.reverseTransfer(transfer.id);
    const full = event('transfer.reversed', {
      id: transfer.id,
      object: 'transfer',
      amount: transfer.amount,
      amount_reversed: transfer.amount,
      reversed: true,
    });
    expect((await postWebhook(full)).body).toMatchObject({ outcome: 'applied' });
    expect((await postWebhook(full)).body).toMatchObject({ outcome: 'ignored' });
    expect(await earnings()).toMatchObject({ availableCents: 10000, paidCents: 0 });
    expect((await admin.get('/api/admin/ledger/check')).body).toMatchObject({ balanced: true });
  });
});

describe('a transfer whose answer was lost', () => {
  it('sent again after Stripe forgot its idempotency key (the server was down a day), makes no second transfer', async () => {
    const [failed] = (await admin.get('/api/admin/payouts?state=failed')).body;
    const before = fake.transfers.length;
    // Stripe makes the transfer, and every answer (the SDK's retries included) is lost.
    fake.loseTransferAnswers(3);
    const retried = await admin.post(`/api/admin/payouts/${failed.id}/retry`, {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ state: 'pending' });
    expect(fake.transfers.length).toBe(before + 1);
    // Two days later the send job tries again, with the same key, which Stripe no longer knows.
    clock.advance(2 * 24 * 3_600_000);
    fake.forgetIdempotencyKeys();
    await runDueJobs(ctx);
    expect(fake.transfers.length).toBe(before + 1);
    const [payout] = (await admin.get('/api/admin/payouts')).body.filter(
      (p: { id: number }) => p.id === failed.id,
    );
    expect(payout).toMatchObject({ state: 'paid' });
    expect(await earnings()).toMatchObject({ availableCents: 0, paidCents: 10000 });
    expect((await admin.get('/api/admin/ledger/check')).body).toMatchObject({ balanced: true });
  });
});
