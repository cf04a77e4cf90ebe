import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import type { Database } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { bookings, ledgerEntries, payments, refunds } from '../../src/server/db/schema';
import { reconcilePayments } from '../../src/server/modules/bookings/bookings.jobs';
import type { BookingDeps } from '../../src/server/modules/bookings/bookings.usecases';
import { partnerBalance } from '../../src/server/modules/earnings/earnings.repository';
import { type Customer, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { emailsTo } from '../support/outbox';
import { startStripeFake } from '../support/stripe-fake';

// The card path with Stripe and its webhooks, and Stripe Connect payouts, reviewed as a hostile user
// and an unlucky operator: forged and replayed events, events out of order or for what we do not know,
// amounts that do not match, late payments for holds that lost their time, races between the browser
// and the webhook, and Connect accounts changing state while a payout is on its way.

const WEBHOOK_SECRET = 'whsec_attack_secret';
const MIN = 60_000;
const DAY = 86_400_000;
/** Haircut 100.00 + 3% fee 3.00 + HST on the fee 0.39 (the partner is not HST-registered). */
const TOTAL = 10339;
const signer = new Stripe('sk_test_fake');

let fake: Awaited<ReturnType<typeof startStripeFake>>;

const stripeEnv = () => ({
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
  PUBLIC_URL: 'https://trillium.test',
});

type Signed = { payload: string; header: string };

/** A Stripe event signed with our webhook secret (or another), as Stripe would send it. */
function signed(
  type: string,
  object: unknown,
  options: { extra?: Record<string, unknown>; id?: string; secret?: string; timestamp?: number } = {},
): Signed {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object },
    api_version: '2024-06-20',
    created: 1,
    ...options.extra,
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { payload, header };
}

async function post(
  ctx: TestContext,
  url: '/api/payments/webhook' | '/api/payouts/webhook',
  { payload, header }: { payload: string; header?: string | string[] },
  contentType = 'application/json',
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(header === undefined ? {} : { 'stripe-signature': header }) },
  });
  return { status: res.statusCode, body: res.json() };
}

/** A weekday (the salons' schedule is Monday to Saturday, 8:00 to 18:00 Toronto) after `cursor`. */
function nextWeekday(cursor: { day: Date }) {
  do cursor.day = new Date(cursor.day.getTime() + DAY);
  while (cursor.day.getUTCDay() === 0);
  return cursor.day.toISOString().slice(0, 10);
}
/** `hour` o'clock in Toronto (EST, UTC-5, in November and December) on `day`. */
const toronto = (day: string, hour: number) => `${day}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`;

beforeAll(async () => {
  fake = await startStripeFake();
});
afterAll(async () => {
  await fake?.close();
});

// ---------------------------------------------------------------------------------------------------
// The card path: one app, one salon.

const payClock = fixedClock('2026-11-23T13:00:00Z');
const payCursor = { day: new Date('2026-11-23T00:00:00Z') };
let pay: TestContext;
let salonId: number;
let salonOwner: Client;
let people = 0;

const payDay = () => {
  const day = nextWeekday(payCursor);
  payClock.set(`${day}T13:00:00.000Z`);
  return day;
};

const newCustomer = (): Promise<Customer> => {
  const n = ++people;
  return signedInCustomer(pay, {
    email: `stripe.attack${n}@example.com`,
    fullName: `Sam Stripe${n}`,
    ip: `10.93.${Math.floor(n / 200)}.${n % 200}`,
  });
};

async function hold(customer: Customer, serviceDate: string, serviceTitle = 'Haircut') {
  const res = await customer.post('/api/create-payment-intent', {
    providerId: salonId,
    serviceDate,
    serviceTitle,
    customerName: 'Sam Stripe',
    customerEmail: customer.email,
  });
  return res;
}

async function held(customer: Customer, serviceDate: string, serviceTitle = 'Haircut') {
  const res = await hold(customer, serviceDate, serviceTitle);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.processor).toBe('stripe');
  return res.body as { bookingId: number; paymentIntentId: string; referenceNumber: string; amount: number };
}

const payWebhook = (event: Signed | { payload: string; header?: string | string[] }, type?: string) =>
  post(pay, '/api/payments/webhook', event, type);

async function bookingRow(id: number) {
  const [row] = await pay.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

/** The ledger lines of one booking: how many events, and whether they add up to zero. */
async function ledgerOf(bookingId: number) {
  const lines = await pay.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId));
  return {
    events: [...new Set(lines.map((l) => l.eventKey))].sort(),
    sum: lines.reduce((s, l) => s + l.amountCents, 0),
    processor: lines.filter((l) => l.account === 'processor').reduce((s, l) => s + l.amountCents, 0),
  };
}

const refundRows = (bookingId: number) =>
  pay.database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
const refundsAtStripe = (intentId: string) => fake.refunds.filter((r) => r.payment_intent === intentId);
const paymentOf = async (intentId: string) =>
  (
    await pay.database.db
      .select({ status: payments.status, refundedCents: payments.refundedCents })
      .from(payments)
      .where(eq(payments.intentId, intentId))
  )[0];

/** The confirmation e-mails a customer was sent for one booking. */
async function confirmations(email: string, reference: string) {
  return (await emailsTo(pay.database.db, email)).filter(
    (m) => m.kind === 'booking_confirmation' && m.textBody.includes(reference),
  );
}

beforeAll(async () => {
  pay = await createTestApp({
    clock: payClock,
    env: stripeEnv(),
    seed: async ({ db }) => {
      const categoryId = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      const owner = await insertUser(db, {
        email: 'attack.salon@example.com',
        fullName: 'Sal Salon',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      salonId = await insertProvider(db, {
        name: 'Attack Salon',
        categoryId,
        ownerUserId: owner,
        streetAddress: '1 Queen St W',
        services: [
          { name: 'Haircut', priceCents: 10000 },
          { name: 'Colour', priceCents: 20000 },
        ],
      });
    },
  });
  salonOwner = createClient(pay, { ip: '10.93.250.1' });
  const login = await salonOwner.post('/api/login', {
    email: 'attack.salon@example.com',
    password: DEMO_PASSWORD,
    remember: true,
  });
  expect(login.status).toBe(200);
});
afterAll(async () => {
  await pay?.close();
});

// ---------------------------------------------------------------------------------------------------
// Stripe Connect: another app, one salon per scenario so their balances never mix.

const connClock = fixedClock('2026-11-23T13:00:00Z');
const connCursor = { day: new Date('2026-11-23T00:00:00Z') };
let conn: TestContext;
let connCustomer: Client;
let connAdmin: Client;
type Partner = { providerId: number; client: Client; email: string };
const partners: Partner[] = [];

const payoutWebhook = (event: Signed) => post(conn, '/api/payouts/webhook', event);

beforeAll(async () => {
  const ids: number[] = [];
  conn = await createTestApp({
    clock: connClock,
    env: stripeEnv(),
    seed: async ({ db }) => {
      const categoryId = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      for (let n = 1; n <= 6; n++) {
        const owner = await insertUser(db, {
          email: `connect.attack${n}@example.com`,
          fullName: `Cory Connect${n}`,
          password: DEMO_PASSWORD,
          role: 'partner',
        });
        ids.push(
          await insertProvider(db, {
            name: `Connect Salon ${n}`,
            categoryId,
            ownerUserId: owner,
            streetAddress: `${n} King St W`,
            services: [{ name: 'Haircut', priceCents: 10000 }],
          }),
        );
      }
      await insertUser(db, {
        email: 'connect.payer@example.com',
        fullName: 'Connie Payer',
        password: DEMO_PASSWORD,
      });
      await insertUser(db, {
        email: 'connect.boss@example.com',
        fullName: 'Ada Admin',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
    },
  });
  const signedIn = async (email: string, ip: string) => {
    const client = createClient(conn, { ip });
    const res = await client.post('/api/login', { email, password: DEMO_PASSWORD, remember: true });
    expect(res.status).toBe(200);
    return client;
  };
  connCustomer = await signedIn('connect.payer@example.com', '10.94.0.1');
  connAdmin = await signedIn('connect.boss@example.com', '10.94.0.2');
  for (const [i, providerId] of ids.entries()) {
    const email = `connect.attack${i + 1}@example.com`;
    partners.push({ providerId, email, client: await signedIn(email, `10.94.1.${i + 1}`) });
  }
});
afterAll(async () => {
  await conn?.close();
});

const nowSeconds = () => Math.floor(connClock.now().getTime() / 1000);

/** "Set up payouts", finished on Stripe's pages, told by a signed `account.updated`. */
async function enabledAccount(partner: Partner) {
  const started = await partner.client.post('/api/partner/payout-account/onboarding', {});
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const accountId = /acct_fake_\d+/.exec(started.body.url)![0];
  fake.completeOnboarding(accountId);
  const updated = signed('account.updated', fake.accounts.get(accountId), {
    extra: { created: nowSeconds() },
  });
  expect((await payoutWebhook(updated)).status).toBe(200);
  expect((await partner.client.get('/api/partner/payout-account')).body.state).toBe('enabled');
  return accountId;
}

/** A booking paid with Stripe, done, and available for a payout (2 days after its completion). */
async function availableBooking(partner: Partner) {
  const day = nextWeekday(connCursor);
  connClock.set(`${day}T13:00:00.000Z`);
  const res = await connCustomer.post('/api/create-payment-intent', {
    providerId: partner.providerId,
    serviceDate: toronto(day, 10),
    customerName: 'Connie Payer',
    customerEmail: 'connect.payer@example.com',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  fake.succeed(res.body.paymentIntentId);
  const paid = await connCustomer.post('/api/confirm-payment-intent', {
    paymentIntentId: res.body.paymentIntentId,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  connClock.set(`${day}T16:30:00.000Z`);
  const done = await partner.client.patch(`/api/partner/bookings/${res.body.bookingId}`, {
    action: 'complete',
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  // Two days after its completion the booking's earnings are available.
  connCursor.day = new Date(connCursor.day.getTime() + 2 * DAY);
  connClock.set(`${connCursor.day.toISOString().slice(0, 10)}T17:00:00.000Z`);
  const earnings = await partner.client.get('/api/partner/earnings');
  expect(earnings.body.availableCents).toBe(10000);
  return res.body.bookingId as number;
}

async function payoutsOf(partner: Partner) {
  const res = await connAdmin.get('/api/admin/payouts');
  expect(res.status).toBe(200);
  return (
    res.body as { id: number; providerId: number; state: string; attempt: number; failureReason: string }[]
  )
    .filter((p) => p.providerId === partner.providerId)
    .sort((a, b) => a.id - b.id);
}

const transfersTo = (accountId: string) => fake.transfers.filter((t) => t.destination === accountId);

async function earningsOf(partner: Partner) {
  const res = await partner.client.get('/api/partner/earnings');
  expect(res.status).toBe(200);
  return res.body as { availableCents: number; pendingCents: number; paidCents: number };
}

async function ledgerBalanced(partner: Partner) {
  expect((await connAdmin.get('/api/admin/ledger/check')).body).toMatchObject({
    balanced: true,
    unbalanced: [],
  });
  const shown = await earningsOf(partner);
  expect(await partnerBalance(conn.database.db, partner.providerId)).toBe(
    shown.availableCents + shown.pendingCents,
  );
}

// ===================================================================================================

describe('found by the review, fixed', () => {
  it('an expired hold paid late through Stripe at a time the notice no longer allows: Pay says 409 hold_time_withdrawn, and the webhook must refund it, not confirm it', async () => {
    const day = payDay();
    payClock.set(`${day}T13:55:00.000Z`); // 08:55 Toronto
    const customer = await newCustomer();
    // 11:00 Toronto: 2 hours 5 minutes ahead, just inside the salon's 2 hours' notice.
    const body = await held(customer, toronto(day, 11));
    expect(body.amount).toBe(TOTAL);
    // The hold runs out; the payment form was still open and Stripe Elements charges the card at 09:06,
    // 1 hour 54 minutes before the start.
    payClock.advance(11 * MIN);
    fake.succeed(body.paymentIntentId);
    const paid = await customer.post('/api/confirm-payment-intent', {
      paymentIntentId: body.paymentIntentId,
    });
    expect(paid.status).toBe(409);
    expect(paid.body.code).toBe('bookings.hold_time_withdrawn');
    expect(await bookingRow(body.bookingId)).toMatchObject({ paymentStatus: 'pending' });
    // Stripe's webhook reports the success the customer was just told would not be a booking.
    const succeeded = signed('payment_intent.succeeded', fake.intents.get(body.paymentIntentId));
    expect((await payWebhook(succeeded)).status).toBe(200);
    await runDueJobs(pay);
    // The customer was told they have no booking: the money must go back, once, and no booking made.
    const row = await bookingRow(body.bookingId);
    expect(row.status).not.toBe('confirmed');
    expect(row.paymentStatus).toBe('refunded');
    expect(refundsAtStripe(body.paymentIntentId)).toEqual([
      { payment_intent: body.paymentIntentId, amount: TOTAL },
    ]);
    expect(await confirmations(customer.email, body.referenceNumber)).toHaveLength(0);
    expect((await ledgerOf(body.bookingId)).sum).toBe(0);
  });

  it("a succeeded PaymentIntent whose amount is not the booking's total does not confirm the booking nor book the total as received, and is refunded in full once", async () => {
    const day = payDay();
    const customer = await newCustomer();
    const body = await held(customer, toronto(day, 10));
    await runDueJobs(pay); // other tests' jobs first: the outage below is this refund's
    const before = payClock.now();
    expect(fake.intents.get(body.paymentIntentId)?.amount).toBe(TOTAL);
    // The intent was changed on Stripe's side (the dashboard, another integration): $1.00 was taken.
    fake.intents.get(body.paymentIntentId)!.amount = 100;
    const intent = fake.succeed(body.paymentIntentId);
    expect((await payWebhook(signed('payment_intent.succeeded', intent))).status).toBe(200);
    const row = await bookingRow(body.bookingId);
    expect(row.paymentStatus).not.toBe('confirmed');
    expect(row.status).not.toBe('confirmed');
    expect(await confirmations(customer.email, body.referenceNumber)).toHaveLength(0);
    // The ledger must never say $103.39 came in when Stripe holds $1.00.
    expect((await ledgerOf(body.bookingId)).processor).not.toBe(-TOTAL);
    // What was taken goes back in full, once, through Stripe's outage, however often Stripe repeats itself.
    fake.failRefunds(5); // more than the Stripe client's own retries
    await runDueJobs(pay);
    expect(refundsAtStripe(body.paymentIntentId)).toEqual([]);
    payClock.advance(5 * MIN);
    await runDueJobs(pay);
    expect(refundsAtStripe(body.paymentIntentId)).toEqual([
      { payment_intent: body.paymentIntentId, amount: 100 },
    ]);
    expect((await payWebhook(signed('payment_intent.succeeded', intent))).status).toBe(200);
    payClock.advance(5 * MIN);
    await runDueJobs(pay);
    expect(refundsAtStripe(body.paymentIntentId)).toHaveLength(1);
    expect(await paymentOf(body.paymentIntentId)).toMatchObject({
      status: 'mismatch_refunded',
      refundedCents: 100,
    });
    expect((await bookingRow(body.bookingId)).status).not.toBe('confirmed');
    payClock.set(before);
    // The fake is shared with the payouts' app, whose bookings draw the same intent ids.
    fake.intents.get(body.paymentIntentId)!.amount = TOTAL;
  });

  it('a succeeded PaymentIntent in another currency (USD for a CAD booking) does not confirm the booking, and is refunded', async () => {
    const day = payDay();
    const customer = await newCustomer();
    const body = await held(customer, toronto(day, 10));
    fake.intents.get(body.paymentIntentId)!.currency = 'usd';
    const intent = fake.succeed(body.paymentIntentId);
    expect((await payWebhook(signed('payment_intent.succeeded', intent))).status).toBe(200);
    const row = await bookingRow(body.bookingId);
    expect(row.status).not.toBe('confirmed');
    expect(row.paymentStatus).not.toBe('confirmed');
    expect(await confirmations(customer.email, body.referenceNumber)).toHaveLength(0);
    expect((await ledgerOf(body.bookingId)).processor).not.toBe(-TOTAL);
    await runDueJobs(pay);
    expect(refundsAtStripe(body.paymentIntentId)).toEqual([
      { payment_intent: body.paymentIntentId, amount: TOTAL },
    ]);
    fake.intents.get(body.paymentIntentId)!.currency = 'cad';
  });

  it('a transfer made but unanswered, then the account restricted: the send job must find the transfer, not fail the payout (a Retry would pay the partner twice)', async () => {
    const partner = partners[0]!;
    const accountId = await enabledAccount(partner);
    const bookingId = await availableBooking(partner);
    // Stripe makes the transfer and every answer is lost: the payout stays pending for the send job.
    fake.loseTransferAnswers(3);
    const run = await connAdmin.post('/api/admin/payouts/run', {});
    expect(run.status).toBe(200);
    const [payout] = await payoutsOf(partner);
    expect(payout).toMatchObject({ state: 'pending', attempt: 1 });
    expect(transfersTo(accountId)).toHaveLength(1);
    expect(transfersTo(accountId)[0]!.amount).toBe(10000);
    // Meanwhile Stripe restricts the account (more verification needed).
    const account = fake.accounts.get(accountId)!;
    account.payouts_enabled = false;
    expect(
      (await payoutWebhook(signed('account.updated', account, { extra: { created: nowSeconds() } }))).status,
    ).toBe(200);
    expect((await partner.client.get('/api/partner/payout-account')).body.state).toBe('details_needed');
    // The send job tries again.
    connClock.advance(5 * MIN);
    await runDueJobs(conn);
    const [afterJob] = await payoutsOf(partner);
    // The partner verifies, the account is enabled again, and an admin sees the payout.
    fake.completeOnboarding(accountId);
    expect(
      (await payoutWebhook(signed('account.updated', account, { extra: { created: nowSeconds() } }))).status,
    ).toBe(200);
    if (afterJob!.state === 'failed') {
      const retried = await connAdmin.post(`/api/admin/payouts/${payout!.id}/retry`, {});
      expect(retried.status).toBe(200);
    }
    // One booking of 100.00: the partner must have received 100.00, not 200.00.
    expect(transfersTo(accountId).reduce((s, t) => s + t.amount, 0)).toBe(10000);
    expect(afterJob).toMatchObject({ state: 'paid' });
    const [final] = await payoutsOf(partner);
    expect(final).toMatchObject({ state: 'paid' });
    expect(await earningsOf(partner)).toMatchObject({ availableCents: 0, paidCents: 10000 });
    expect((await connAdmin.get('/api/admin/ledger/check')).body.balanced).toBe(true);
    expect((await earningsOf(partner)).pendingCents).toBe(0);
    expect(bookingId).toBeGreaterThan(0);
  });

  it('a transfer reversed while its payout still waits for the lost answer: the payout must not end up paid', async () => {
    const partner = partners[1]!;
    const accountId = await enabledAccount(partner);
    await availableBooking(partner);
    fake.loseTransferAnswers(3);
    expect((await connAdmin.post('/api/admin/payouts/run', {})).status).toBe(200);
    const [payout] = await payoutsOf(partner);
    expect(payout).toMatchObject({ state: 'pending' });
    const [transfer] = transfersTo(accountId);
    expect(transfer).toBeDefined();
    // Trillium's operator reverses the transfer in Stripe's dashboard (Stripe now lists it reversed).
    fake.reverseTransfer(transfer!.id);
    const reversed = signed('transfer.reversed', {
      id: transfer!.id,
      object: 'transfer',
      amount: transfer!.amount,
      amount_reversed: transfer!.amount,
      reversed: true,
    });
    expect((await payoutWebhook(reversed)).status).toBe(200);
    // The send job tries again and finds the attempt's transfer in the payout's group.
    connClock.advance(5 * MIN);
    await runDueJobs(conn);
    const [after] = await payoutsOf(partner);
    // The money went back to Trillium: the partner has not been paid and must see it available again.
    expect(after!.state).not.toBe('paid');
    expect(await earningsOf(partner)).toMatchObject({ availableCents: 10000, paidCents: 0 });
    await ledgerBalanced(partner);
  });

  it('account.updated events out of order: an older "enabled" event delivered after a newer "restricted" one does not re-enable the account', async () => {
    const partner = partners[2]!;
    const accountId = await enabledAccount(partner);
    const account = fake.accounts.get(accountId)!;
    const enabledEvent = signed(
      'account.updated',
      { ...account },
      { extra: { created: nowSeconds() - 120 }, id: 'evt_old_enabled' },
    );
    // Stripe restricts the account; its event arrives first.
    account.payouts_enabled = false;
    const restricted = signed('account.updated', { ...account }, { extra: { created: nowSeconds() } });
    expect((await payoutWebhook(restricted)).status).toBe(200);
    expect((await partner.client.get('/api/partner/payout-account')).body.state).toBe('details_needed');
    // The older event (Stripe's retry of a delivery that timed out) arrives after it.
    expect((await payoutWebhook(enabledEvent)).status).toBe(200);
    expect((await partner.client.get('/api/partner/payout-account')).body.state).toBe('details_needed');
  });

  it('a partner who disconnects Trillium from their Stripe account (account.application.deauthorized) is no longer shown payouts as enabled', async () => {
    const partner = partners[3]!;
    const accountId = await enabledAccount(partner);
    // Stripe no longer lets the platform reach the account.
    fake.accounts.delete(accountId);
    const deauthorized = signed(
      'account.application.deauthorized',
      { id: 'ca_trillium', object: 'application', name: 'Trillium' },
      { extra: { account: accountId, created: nowSeconds() } },
    );
    expect((await payoutWebhook(deauthorized)).status).toBe(200);
    const shown = await partner.client.get('/api/partner/payout-account');
    expect(shown.status).toBe(200);
    expect(shown.body.state).not.toBe('enabled');
  });
});

// ===================================================================================================

describe('checked: held before, kept', () => {
  it('forged, unsigned, wrongly signed, altered, stale or doubled forged signatures are refused and change nothing; a genuine event with a charset is applied', async () => {
    const day = payDay();
    const customer = await newCustomer();
    const body = await held(customer, toronto(day, 10));
    const intent = fake.succeed(body.paymentIntentId);
    const good = signed('payment_intent.succeeded', intent);
    const forged: { payload: string; header?: string | string[] }[] = [
      { payload: good.payload },
      { payload: good.payload, header: '' },
      { payload: good.payload, header: 't=1,v1=deadbeef' },
      signed('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' }),
      { payload: good.payload.replace('"created":1', '"created":2'), header: good.header },
      // Captured and replayed 10 minutes later (past Stripe's 5-minute tolerance).
      signed('payment_intent.succeeded', intent, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      // Two headers, both forged.
      { payload: good.payload, header: ['t=1,v1=deadbeef', 't=2,v1=cafebabe'] },
    ];
    for (const [i, attempt] of forged.entries()) {
      const res = await payWebhook(attempt);
      expect(res.status, `forgery ${i}`).toBe(400);
      expect(res.body.code).toBe('payments.bad_signature');
    }
    expect(await bookingRow(body.bookingId)).toMatchObject({
      status: 'awaiting_payment',
      paymentStatus: 'pending',
    });
    expect(await confirmations(customer.email, body.referenceNumber)).toHaveLength(0);
    expect((await ledgerOf(body.bookingId)).events).toEqual([]);
    // What Stripe really sends: application/json; charset=utf-8.
    expect((await payWebhook(good, 'application/json; charset=utf-8')).status).toBe(200);
    expect(await bookingRow(body.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'confirmed',
    });
  });

  it("the browser's confirm and duplicated webhooks at the same moment confirm once: one e-mail each side, one ledger payment; a late failure changes nothing", async () => {
    const day = payDay();
    const customer = await newCustomer();
    const body = await held(customer, toronto(day, 11));
    const intent = fake.succeed(body.paymentIntentId);
    const event = signed('payment_intent.succeeded', intent, { id: 'evt_same_time' });
    const other = signed('payment_intent.succeeded', intent);
    const answers = await Promise.all([
      customer.post('/api/confirm-payment-intent', { paymentIntentId: body.paymentIntentId }),
      payWebhook(event),
      payWebhook(event),
      payWebhook(other),
      customer.post('/api/confirm-payment-intent', { paymentIntentId: body.paymentIntentId }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]!.body).toMatchObject({ status: 'succeeded', bookingId: body.bookingId });
    expect(await bookingRow(body.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'confirmed',
    });
    expect(await confirmations(customer.email, body.referenceNumber)).toHaveLength(1);
    const toPartner = (await emailsTo(pay.database.db, 'attack.salon@example.com')).filter((m) =>
      m.textBody.includes(body.referenceNumber),
    );
    expect(toPartner).toHaveLength(1);
    expect(await ledgerOf(body.bookingId)).toEqual({
      events: [`payment:${body.bookingId}`],
      sum: 0,
      processor: -TOTAL,
    });
    const failedLate = signed('payment_intent.payment_failed', {
      ...intent,
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
    });
    expect((await payWebhook(failedLate)).status).toBe(200);
    expect(await bookingRow(body.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'confirmed',
    });
    expect(await refundRows(body.bookingId)).toEqual([]);
  });

  it('a decline reported by the webhook, then the good card: the booking waits, then is confirmed once', async () => {
    const day = payDay();
    const customer = await newCustomer();
    const body = await held(customer, toronto(day, 12));
    const declined = fake.decline(body.paymentIntentId);
    expect(
      (
        await payWebhook(
          signed('payment_intent.payment_failed', { ...declined, status: 'requires_payment_method' }),
        )
      ).status,
    ).toBe(200);
    expect(await bookingRow(body.bookingId)).toMatchObject({
      status: 'awaiting_payment',
      paymentStatus: 'pending',
    });
    const refused = await customer.post('/api/confirm-payment-intent', {
      paymentIntentId: body.paymentIntentId,
    });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('payments.generic_decline');
    fake.intents.get(body.paymentIntentId)!.last_payment_error = null;
    const intent = fake.succeed(body.paymentIntentId);
    expect((await payWebhook(signed('payment_intent.succeeded', intent))).status).toBe(200);
    expect(await bookingRow(body.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'confirmed',
    });
    expect(await confirmations(customer.email, body.referenceNumber)).toHaveLength(1);
  });

  it('events for intents we do not know are acknowledged; one that succeeded before its hold recorded the intent is confirmed by reconciliation', async () => {
    const unknown = signed('payment_intent.succeeded', {
      id: 'pi_not_ours',
      object: 'payment_intent',
      amount: 500,
      currency: 'cad',
      status: 'succeeded',
    });
    expect((await payWebhook(unknown)).status).toBe(200);
    expect(await pay.app.deps.db.select().from(refunds).where(eq(refunds.intentId, 'pi_not_ours'))).toEqual(
      [],
    );

    const day = payDay();
    const customer = await newCustomer();
    const body = await held(customer, toronto(day, 13));
    // The moment between Stripe creating the intent and the hold recording it: the booking has no intent yet.
    await pay.database.db
      .update(bookings)
      .set({ paymentIntentId: null })
      .where(eq(bookings.id, body.bookingId));
    const intent = fake.succeed(body.paymentIntentId);
    expect((await payWebhook(signed('payment_intent.succeeded', intent))).status).toBe(200);
    expect(await bookingRow(body.bookingId)).toMatchObject({
      status: 'awaiting_payment',
      paymentStatus: 'pending',
    });
    await pay.database.db
      .update(bookings)
      .set({ paymentIntentId: body.paymentIntentId })
      .where(eq(bookings.id, body.bookingId));
    payClock.advance(MIN);
    const outcome = await reconcilePayments(pay.app.deps as unknown as BookingDeps & { db: Database });
    expect(outcome).toMatchObject({ confirmed: 1, failed: 0 });
    expect(await bookingRow(body.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'confirmed',
    });
    expect(await confirmations(customer.email, body.referenceNumber)).toHaveLength(1);
    expect((await ledgerOf(body.bookingId)).events).toEqual([`payment:${body.bookingId}`]);
  });

  it('a late payment for an expired hold whose time someone else holds now is refunded in full, once, however often the event comes; the other hold is untouched', async () => {
    const day = payDay();
    const first = await newCustomer();
    const second = await newCustomer();
    const body = await held(first, toronto(day, 14));
    payClock.advance(11 * MIN);
    const theirs = await held(second, toronto(day, 14));
    const intent = fake.succeed(body.paymentIntentId);
    const event = signed('payment_intent.succeeded', intent);
    expect((await payWebhook(event)).status).toBe(200);
    expect((await payWebhook(event)).status).toBe(200);
    expect((await payWebhook(signed('payment_intent.succeeded', intent))).status).toBe(200);
    expect(await bookingRow(body.bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'refunded' });
    expect(await bookingRow(theirs.bookingId)).toMatchObject({
      status: 'awaiting_payment',
      paymentStatus: 'pending',
    });
    // The customer's browser reports back afterwards: no booking, told so.
    const late = await first.post('/api/confirm-payment-intent', { paymentIntentId: body.paymentIntentId });
    expect(late.status).toBe(409);
    await runDueJobs(pay);
    payClock.advance(30 * MIN);
    await runDueJobs(pay);
    expect(refundsAtStripe(body.paymentIntentId)).toEqual([
      { payment_intent: body.paymentIntentId, amount: TOTAL },
    ]);
    expect(await refundRows(body.bookingId)).toEqual([
      expect.objectContaining({ amountCents: TOTAL, status: 'succeeded', reason: 'slot_lost' }),
    ]);
    expect(await ledgerOf(body.bookingId)).toEqual({
      events: [`payment:${body.bookingId}`, `refund:slot-lost-${body.bookingId}`],
      sum: 0,
      processor: 0,
    });
    expect(await confirmations(first.email, body.referenceNumber)).toHaveLength(0);
    // The other customer pays and has the time.
    const theirIntent = fake.succeed(theirs.paymentIntentId);
    expect((await payWebhook(signed('payment_intent.succeeded', theirIntent))).status).toBe(200);
    expect(await bookingRow(theirs.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'confirmed',
    });
  });

  it('a hold the partner cancelled whose card still went through before the void is refunded in full, once; the void job leaves it alone', async () => {
    const day = payDay();
    const customer = await newCustomer();
    const body = await held(customer, toronto(day, 15));
    const cancelled = await salonOwner.patch(`/api/partner/bookings/${body.bookingId}`, {
      action: 'cancel',
      reason: 'Closed for a family matter',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await bookingRow(body.bookingId)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    const intent = fake.succeed(body.paymentIntentId);
    const event = signed('payment_intent.succeeded', intent);
    expect((await payWebhook(event)).status).toBe(200);
    expect(await bookingRow(body.bookingId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    await runDueJobs(pay);
    expect((await payWebhook(event)).status).toBe(200);
    payClock.advance(30 * MIN);
    await runDueJobs(pay);
    expect(refundsAtStripe(body.paymentIntentId)).toEqual([
      { payment_intent: body.paymentIntentId, amount: TOTAL },
    ]);
    expect(await bookingRow(body.bookingId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    expect((await ledgerOf(body.bookingId)).sum).toBe(0);
    expect(await confirmations(customer.email, body.referenceNumber)).toHaveLength(0);
  });

  it('a hold released by another service at the same time, paid anyway through Stripe, is refunded: the new hold keeps the time', async () => {
    const day = payDay();
    const customer = await newCustomer();
    const first = await held(customer, toronto(day, 11));
    const second = await held(customer, toronto(day, 11), 'Colour');
    expect(second.bookingId).not.toBe(first.bookingId);
    expect(await bookingRow(first.bookingId)).toMatchObject({ status: 'expired' });
    // Pay on the released hold stops before reading the processor.
    const refused = await customer.post('/api/confirm-payment-intent', {
      paymentIntentId: first.paymentIntentId,
    });
    expect(refused.status).toBe(409);
    // The first tab's Stripe Elements had already charged the card.
    const intent = fake.succeed(first.paymentIntentId);
    expect((await payWebhook(signed('payment_intent.succeeded', intent))).status).toBe(200);
    await runDueJobs(pay);
    expect(await bookingRow(first.bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'refunded' });
    expect(await bookingRow(second.bookingId)).toMatchObject({
      status: 'awaiting_payment',
      paymentStatus: 'pending',
    });
    expect(refundsAtStripe(first.paymentIntentId)).toEqual([
      { payment_intent: first.paymentIntentId, amount: TOTAL },
    ]);
    expect((await ledgerOf(first.bookingId)).sum).toBe(0);
    expect(await confirmations(customer.email, first.referenceNumber)).toHaveLength(0);
  });

  it("an expired hold whose time is still free, paid late: the browser's retake and the webhook at the same moment confirm it once", async () => {
    const day = payDay();
    const customer = await newCustomer();
    const body = await held(customer, toronto(day, 16));
    payClock.advance(12 * MIN);
    const intent = fake.succeed(body.paymentIntentId);
    const [browser, hook] = await Promise.all([
      customer.post('/api/confirm-payment-intent', { paymentIntentId: body.paymentIntentId }),
      payWebhook(signed('payment_intent.succeeded', intent)),
    ]);
    expect(browser.status, JSON.stringify(browser.body)).toBe(200);
    expect(browser.body).toMatchObject({ status: 'succeeded', bookingId: body.bookingId });
    expect(hook.status).toBe(200);
    expect(await bookingRow(body.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'confirmed',
    });
    expect(await confirmations(customer.email, body.referenceNumber)).toHaveLength(1);
    expect(await ledgerOf(body.bookingId)).toEqual({
      events: [`payment:${body.bookingId}`],
      sum: 0,
      processor: -TOTAL,
    });
    await runDueJobs(pay);
    expect(refundsAtStripe(body.paymentIntentId)).toEqual([]);
  });

  it("another customer cannot confirm or read someone else's Stripe payment", async () => {
    const day = payDay();
    const owner = await newCustomer();
    const thief = await newCustomer();
    const body = await held(owner, toronto(day, 17));
    fake.succeed(body.paymentIntentId);
    const stolen = await thief.post('/api/confirm-payment-intent', { paymentIntentId: body.paymentIntentId });
    expect(stolen.status).toBe(404);
    expect((await thief.get(`/api/bookings/${body.bookingId}`)).status).toBe(404);
    expect(await bookingRow(body.bookingId)).toMatchObject({
      status: 'awaiting_payment',
      paymentStatus: 'pending',
    });
    const own = await owner.post('/api/confirm-payment-intent', { paymentIntentId: body.paymentIntentId });
    expect(own.status).toBe(200);
    expect(await bookingRow(body.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'confirmed',
    });
  });

  it('a restricted account fails the payout with its money back; re-enabled, two Retries at once make one transfer', async () => {
    const partner = partners[4]!;
    const accountId = await enabledAccount(partner);
    const account = fake.accounts.get(accountId)!;
    account.payouts_enabled = false;
    expect(
      (await payoutWebhook(signed('account.updated', account, { extra: { created: nowSeconds() } }))).status,
    ).toBe(200);
    await availableBooking(partner);
    expect((await connAdmin.post('/api/admin/payouts/run', {})).status).toBe(200);
    const [failed] = await payoutsOf(partner);
    expect(failed).toMatchObject({ state: 'failed', attempt: 1 });
    expect(failed!.failureReason).toContain('not finished setting up payouts');
    expect(transfersTo(accountId)).toEqual([]);
    expect(await earningsOf(partner)).toMatchObject({ availableCents: 10000, paidCents: 0 });
    await ledgerBalanced(partner);

    fake.completeOnboarding(accountId);
    expect(
      (await payoutWebhook(signed('account.updated', account, { extra: { created: nowSeconds() } }))).status,
    ).toBe(200);
    const answers = await Promise.all([
      connAdmin.post(`/api/admin/payouts/${failed!.id}/retry`, {}),
      connAdmin.post(`/api/admin/payouts/${failed!.id}/retry`, {}),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('payouts.not_failed');
    expect(transfersTo(accountId)).toHaveLength(1);
    expect(transfersTo(accountId)[0]).toMatchObject({
      amount: 10000,
      idempotencyKey: `payout-${failed!.id}-2`,
    });
    const [paid] = await payoutsOf(partner);
    expect(paid).toMatchObject({ state: 'paid', attempt: 2 });
    // The send job queued by the Retry finds it paid and sends nothing more.
    connClock.advance(5 * MIN);
    await runDueJobs(conn);
    expect(transfersTo(accountId)).toHaveLength(1);
    expect(await earningsOf(partner)).toMatchObject({ availableCents: 0, paidCents: 10000 });
    await ledgerBalanced(partner);
  });

  it("after a reversed payout is retried and paid, the old transfer's reversal replayed changes nothing; Connect events for strangers are acknowledged", async () => {
    const partner = partners[5]!;
    const accountId = await enabledAccount(partner);
    await availableBooking(partner);
    expect((await connAdmin.post('/api/admin/payouts/run', {})).status).toBe(200);
    const [payout] = await payoutsOf(partner);
    expect(payout).toMatchObject({ state: 'paid', attempt: 1 });
    const [oldTransfer] = transfersTo(accountId);
    fake.reverseTransfer(oldTransfer!.id);
    const reversal = signed('transfer.reversed', {
      id: oldTransfer!.id,
      object: 'transfer',
      amount: oldTransfer!.amount,
      amount_reversed: oldTransfer!.amount,
      reversed: true,
    });
    expect((await payoutWebhook(reversal)).body).toMatchObject({ outcome: 'applied' });
    expect(await earningsOf(partner)).toMatchObject({ availableCents: 10000, paidCents: 0 });
    const retried = await connAdmin.post(`/api/admin/payouts/${payout!.id}/retry`, {});
    expect(retried.body).toMatchObject({ state: 'paid', attempt: 2 });
    expect(transfersTo(accountId)).toHaveLength(2);
    // Stripe delivers the old reversal again (or late): the new transfer's payout stays paid.
    expect((await payoutWebhook(reversal)).body).toMatchObject({ outcome: 'ignored' });
    expect((await payoutsOf(partner))[0]).toMatchObject({ state: 'paid', attempt: 2 });
    expect(await earningsOf(partner)).toMatchObject({ availableCents: 0, paidCents: 10000 });
    await ledgerBalanced(partner);
    // Events about accounts, transfers and payouts we do not know change nothing of this partner's.
    const strangers = [
      signed('account.updated', { id: 'acct_stranger', object: 'account', payouts_enabled: false }),
      signed('transfer.reversed', { id: 'tr_stranger', object: 'transfer', amount: 10000, reversed: true }),
      signed(
        'payout.failed',
        { id: 'po_x', object: 'payout', failure_message: 'no' },
        { extra: { account: 'acct_stranger' } },
      ),
      signed('payout.failed', { id: 'po_y', object: 'payout', failure_message: 'no' }),
    ];
    for (const event of strangers) expect((await payoutWebhook(event)).status).toBe(200);
    expect((await partner.client.get('/api/partner/payout-account')).body).toMatchObject({
      state: 'enabled',
      lastPayoutFailure: null,
    });
    expect((await payoutsOf(partner))[0]).toMatchObject({ state: 'paid' });
  });
});
