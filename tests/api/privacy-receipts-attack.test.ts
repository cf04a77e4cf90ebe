import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { unsubscribeToken } from '../../src/server/modules/privacy/privacy.unsubscribe';
import type { MoneyLine } from '../../src/shared/domain/price-lines';
import { bookAndPay, type Customer, holdWithCard, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { emailsTo } from '../support/outbox';
import { pdfText } from '../support/pdf';
import { AT_HOME } from '../support/service-address';
import { startSmtpServer } from '../support/smtp';

// A hostile pass over privacy (docs/product.md §15: export, deletion, consent, unsubscribe) and over
// receipts, credit notes and HST (§7, docs/decisions/012): other people's ids and tokens, requests at
// once, malformed ids and bodies, the injected clock. E-mail leaves through a real SMTP server on
// loopback, driven by the job queue as in production. Written by a hostile review (2026-11-27): the five
// tests of the first group failed before their fixes; the second group's probes held then and guard it now.

const START = '2026-11-23T12:00:00.000Z'; // Monday 7:00 AM in Toronto
const HOUR = 3_600_000;
const MINUTE = 60_000;
const clock = fixedClock(START);
const HST_NUMBER = '123456782RT0001';
const DESCRIPTION = 'Careful home cleaning across Toronto, with our own eco-friendly supplies.';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Client;
let plainId: number;
let promoProviderId: number;
let registeredId: number;
let people = 0;
const slots = new Map<number, number>();

const db = () => ctx.database.db;
const customer = (): Promise<Customer> => {
  const n = ++people;
  return signedInCustomer(ctx, {
    email: `prattack${n}@example.com`,
    fullName: `Pria Attack${n}`,
    ip: `10.93.0.${n}`,
  });
};
/** A new free hour at a provider each time: Tuesday to Saturday, 8 AM to 5 PM Toronto. */
const nextSlot = (providerId: number) => {
  const n = slots.get(providerId) ?? 0;
  slots.set(providerId, n + 1);
  const day = 24 + Math.floor(n / 10);
  return new Date(Date.UTC(2026, 10, day, 13 + (n % 10))).toISOString();
};
const pay = (client: Customer, providerId = plainId, serviceDate = nextSlot(providerId)) =>
  bookAndPay(client, { providerId, serviceDate, customerName: client.email, extra: AT_HOME });
const userIdOf = async (client: Client) => {
  const me = await client.get('/api/user');
  expect(me.status).toBe(200);
  return me.body.id as number;
};
const deleteAccount = (client: Client) =>
  client.request({ method: 'DELETE', url: '/api/user', body: { currentPassword: DEMO_PASSWORD } });
const expectClientError = (res: { status: number; body: unknown }, label: string) => {
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
  expect(res.body, label).toMatchObject({ code: expect.any(String), message: expect.any(String) });
};
const sum = (lines: MoneyLine[]) => lines.reduce((s, l) => s + l.amount, 0);
const amounts = (lines: MoneyLine[]) => Object.fromEntries(lines.map((l) => [l.kind, l.amount]));

async function numbersOf(kind: 'receipt' | 'credit_note') {
  const rows = await queryRows<{ number: number }>(
    db(),
    sql`select number from receipts where kind = ${kind} order by number`,
  );
  return rows.map((r) => r.number);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({
    clock,
    env: {
      PUBLIC_URL: 'https://trillium.example',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Trillium <no-reply@trillium.test>',
    },
  });
  const database = db();
  const cleaning = await insertCategory(database, { name: 'Home Cleaning', slug: 'home-cleaning' });
  plainId = await insertProvider(database, {
    name: 'Attack Plain Maids',
    description: DESCRIPTION,
    categoryId: cleaning,
    services: [{ name: 'Quick Clean', priceCents: 5_000 }],
  });
  promoProviderId = await insertProvider(database, {
    name: 'Attack Promo Maids',
    description: DESCRIPTION,
    categoryId: cleaning,
    hstNumber: '812345676RT0001',
    services: [{ name: 'Deep Cleaning', priceCents: 11_000 }],
  });
  const partnerId = await insertUser(database, {
    email: 'prattack.partner@example.com',
    fullName: 'Parker Partner',
    password: DEMO_PASSWORD,
    role: 'partner',
  });
  registeredId = await insertProvider(database, {
    name: 'Attack Registered Maids',
    description: DESCRIPTION,
    categoryId: cleaning,
    ownerUserId: partnerId,
    hstNumber: HST_NUMBER,
    services: [{ name: 'Deep Cleaning', priceCents: 11_000 }],
  });
  await insertUser(database, {
    email: 'prattack.admin@example.com',
    fullName: 'Ada Attack',
    password: DEMO_PASSWORD,
    role: 'admin',
  });
  admin = createClient(ctx, { ip: '10.93.9.1' });
  await admin.login('prattack.admin@example.com', DEMO_PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('found by the review, fixed', () => {
  it("a receipt charging HST on the service names the partner's HST number, even when the partner removed it between the hold and the payment", async () => {
    const client = await customer();
    // The hold is priced with the registration of that moment: 13% HST on the service.
    const { hold, paymentMethodId } = await holdWithCard(client, {
      providerId: registeredId,
      serviceDate: nextSlot(registeredId),
      customerName: client.email,
      extra: AT_HOME,
    });
    const held = await client.get(`/api/bookings/${hold.bookingId}`);
    expect(held.status).toBe(200);
    expect(amounts(held.body.lines)).toMatchObject({ service: 11_000, hst_service: 1_430 });

    // The partner takes the number off the listing while the customer is on the payment form.
    const partner = createClient(ctx, { ip: '10.93.8.1' });
    await partner.login('prattack.partner@example.com', DEMO_PASSWORD);
    const listing = await partner.get('/api/partner/listing');
    expect(listing.status).toBe(200);
    const removed = await partner.put('/api/partner/listing', {
      description: listing.body.description,
      city: listing.body.citySlug,
      hstNumber: '',
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.hstNumber).toBeNull();

    const paid = await client.post('/api/confirm-payment-intent', {
      paymentIntentId: hold.paymentIntentId,
      paymentMethodId,
    });
    expect(paid.status).toBe(200);
    const booking = await client.get(`/api/bookings/${hold.bookingId}`);
    expect(booking.body.status).toBe('confirmed');
    expect(amounts(booking.body.lines).hst_service).toBe(1_430);

    const file = await client.get(`/api/bookings/${hold.bookingId}/receipt`);
    expect(file.status).toBe(200);
    const text = await pdfText(file.raw.rawPayload);
    expect(text).toContain('HST on service (13%)');
    expect(text).toContain('$14.30');
    // $14.30 of HST collected for the partner: the receipt must name the registration it was charged
    // under, never say "Not registered for HST" beside an HST line.
    expect(text).not.toContain('Not registered for HST');
    expect(text).toContain('HST registration no. 123456782 RT0001');
  });

  it('a promotional e-mail still waiting in the outbox is not sent to someone who unsubscribed meanwhile', async () => {
    const client = await customer();
    const optIn = await client.put('/api/user/preferences', { email: true, sms: true, promotional: true });
    expect(optIn.status).toBe(200);
    const sent = await admin.post('/api/admin/promotional-emails', {
      subject: 'Attack winter offer',
      message: 'Our winter services are open for booking now.',
    });
    expect(sent.status).toBe(202);
    expect(sent.body.recipients).toBe(1);
    const [queued] = (await emailsTo(db(), client.email)).filter((e) => e.kind === 'promotional');
    expect(queued?.status).toBe('pending');

    // The person clicks the one-click link (of this e-mail, or of an earlier one) before it leaves.
    const url = new URL(/^<(.+)>$/.exec(queued!.headers['List-Unsubscribe']!)![1]!);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/user/preferences')).body.promotional).toBe(false);

    // The queue delivers the outbox (SMTP as in production): "turns promotional e-mail off at once".
    await runDueJobs(ctx);
    const arrived = smtp.received.filter(
      (m) => m.to.includes(client.email) && m.raw.includes('Attack winter offer'),
    );
    expect(arrived).toEqual([]);
  });

  it('deleting the account erases the e-mail waiting at the address the person was moving to', async () => {
    const client = await customer();
    const moving = `moving.${people}@example.org`;
    const asked = await client.post('/api/user/email-change', {
      newEmail: moving,
      currentPassword: DEMO_PASSWORD,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const before = await emailsTo(db(), moving);
    expect(before.map((e) => e.kind)).toEqual(['email_change_confirm']);
    expect(before[0]!.textBody).toContain(`Pria Attack${people}`);

    const deleted = await deleteAccount(client);
    expect(deleted.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    // §15: "every e-mail to them still in the outbox (to any address they had) is deleted". The
    // message to their new address (their name, the address they chose) stays.
    expect(await emailsTo(db(), moving)).toEqual([]);
  });

  it('the export lists the e-mail that confirmed the new address, once the person has moved to it', async () => {
    const client = await customer();
    const moved = `moved.${people}@example.org`;
    const asked = await client.post('/api/user/email-change', {
      newEmail: moved,
      currentPassword: DEMO_PASSWORD,
    });
    expect(asked.status).toBe(200);
    const [confirmMail] = await emailsTo(db(), moved);
    const token = /confirm\?token=([\w-]+)/.exec(confirmMail!.textBody)![1]!;
    const confirmed = await createClient(ctx, { ip: '10.93.7.9' }).post('/api/user/email-change/confirm', {
      token,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email).toBe(moved);
    const exported = await client.get('/api/user/export');
    expect(exported.status).toBe(200);
    expect(exported.body.profile.email).toBe(moved);
    // §15: "the e-mails sent to them": the notice to the old address is listed; the confirmation sent
    // to the address they now have (and asked for) is not, since it was written with no account.
    const kinds = exported.body.emails.map((e: { kind: string }) => e.kind);
    expect(kinds).toContain('email_change_notice');
    expect(kinds).toContain('email_change_confirm');
  });

  it('deleting the account erases the phone number kept in a queued reminder text', async () => {
    const client = await customer();
    const phone = '416-555-0177';
    const start = '2026-11-25T15:00:00.000Z'; // Wednesday 10 AM Toronto
    const { bookingId } = await bookAndPay(client, {
      providerId: plainId,
      serviceDate: start,
      customerName: client.email,
      extra: { ...AT_HOME, customerPhone: phone },
    });
    const texts = () =>
      queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from jobs where payload::text like ${'%4165550177%'}`,
      );
    try {
      // The 24-hour reminder goes by e-mail and by text (SMS Notifications on by default).
      clock.set(new Date(Date.parse(start) - 24 * HOUR + MINUTE));
      await runDueJobs(ctx);
      expect((await texts())[0]!.n).toBeGreaterThan(0);
      // The text waits on the queue (its job's payload holds the number and the message).
      const states = await queryRows<{ state: string }>(
        db(),
        sql`select state from jobs where kind = 'sms.send' and payload->>'to' = '+14165550177'`,
      );
      expect(states).toEqual([{ state: 'pending' }]);

      const deleted = await deleteAccount(client);
      expect(deleted.status).toBe(200);
      const row = await queryRows<{ customer_phone: string | null; status: string }>(
        db(),
        sql`select customer_phone, status from bookings where id = ${bookingId}`,
      );
      expect(row).toEqual([{ customer_phone: null, status: 'cancelled' }]);
      // §15: the phone is erased, like every e-mail still in the outbox; the text queued with it
      // (the queue's job payload) keeps it, and finished jobs are kept 7 days, dead ones until retried.
      expect((await texts())[0]!.n).toBe(0);
    } finally {
      clock.set(START);
    }
  });
});

describe('checked: held before, kept', () => {
  it("receipt and credit-note ids: malformed, huge, or someone else's are 4xx { code, message }, never 500", async () => {
    const owner = await customer();
    const { bookingId } = await pay(owner);
    const cancelled = await owner.post(`/api/bookings/${bookingId}/cancel`, {});
    expect(cancelled.status).toBe(200);
    const [note] = cancelled.body.documents.creditNotes;
    expect(note.number).toMatch(/^CN-\d{6}$/);
    expect((await owner.get(note.url)).status).toBe(200);

    for (const id of ['abc', '0', '-1', '1.5', '1e3', '0x10', '99999999999', '%00', `${bookingId}x`])
      expectClientError(await owner.get(`/api/bookings/${id}/receipt`), `receipt ${id}`);
    for (const noteId of ['abc', '0', '-1', '99999999999', '1e3'])
      expectClientError(
        await owner.get(`/api/bookings/${bookingId}/credit-notes/${noteId}`),
        `credit note ${noteId}`,
      );
    // The receipt's own row id is not a credit note.
    const [receiptRow] = await queryRows<{ id: number }>(
      db(),
      sql`select id from receipts where booking_id = ${bookingId} and kind = 'receipt'`,
    );
    const asNote = await owner.get(`/api/bookings/${bookingId}/credit-notes/${receiptRow!.id}`);
    expect(asNote.status).toBe(404);
    expect(asNote.body.code).toBe('receipts.not_found');

    // Another customer: the same 404 as a missing one, through their own booking or the owner's.
    const stranger = await customer();
    const own = await pay(stranger);
    const noteId = note.url.split('/').pop();
    const missing = await stranger.get(`/api/bookings/${bookingId}/credit-notes/999999`);
    for (const url of [
      note.url,
      `/api/bookings/${own.bookingId}/credit-notes/${noteId}`,
      `/api/bookings/${bookingId}/receipt`,
    ]) {
      const res = await stranger.get(url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toEqual(missing.body);
    }
    expect((await createClient(ctx, { ip: '10.93.7.1' }).get(note.url)).status).toBe(401);
  });

  it('a promo code at a registered partner: HST on the discounted price; the receipt and a 50% credit note add up line by line', async () => {
    const made = await admin.post('/api/admin/promotions', {
      title: 'Attack fifteen percent',
      description: 'Fifteen percent off for the attack tests.',
      startDate: new Date(Date.parse(START) - 24 * HOUR).toISOString(),
      endDate: new Date(Date.parse(START) + 60 * 24 * HOUR).toISOString(),
      code: 'ATTACK-15',
      discountType: 'percent',
      discountValue: 15,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const client = await customer();
    const serviceDate = '2026-11-24T13:00:00.000Z'; // Tuesday 8 AM: 25 hours away
    const { bookingId } = await bookAndPay(client, {
      providerId: promoProviderId,
      serviceDate,
      customerName: client.email,
      extra: { ...AT_HOME, promoCode: 'attack-15' },
    });
    const booking = await client.get(`/api/bookings/${bookingId}`);
    expect(booking.status).toBe(200);
    // 11,000 − 1,650 = 9,350; fee 3% = 280.5 → 281; HST 13% on 9,350 = 1,215.5 → 1,216; on 281 = 36.53 → 37.
    expect(amounts(booking.body.lines)).toEqual({
      service: 11_000,
      discount: -1_650,
      service_fee: 281,
      hst_service: 1_216,
      hst_fee: 37,
    });
    expect(booking.body.totalCents).toBe(10_884);
    expect(sum(booking.body.lines)).toBe(10_884);
    const receipt = await pdfText((await client.get(`/api/bookings/${bookingId}/receipt`)).raw.rawPayload);
    for (const expected of ['Promo code ATTACK-15', '-$16.50', '$2.81', '$12.16', '$0.37', '$108.84'])
      expect(receipt).toContain(expected);

    clock.set(new Date(Date.parse(START) + 2 * HOUR)); // 23 hours before, past the 15-minute grace: 50%
    try {
      const cancelled = await client.post(`/api/bookings/${bookingId}/cancel`, {});
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.refundAmount).toBe(5_442); // 10,884 × 50%
      const [note] = cancelled.body.documents.creditNotes;
      expect(note.amountCents).toBe(5_442);
      const [row] = await queryRows<{ lines: MoneyLine[]; total_cents: number }>(
        db(),
        sql`select lines, total_cents from receipts where kind = 'credit_note' and booking_id = ${bookingId}`,
      );
      expect(sum(row!.lines)).toBe(row!.total_cents);
      const charged = amounts(booking.body.lines);
      for (const line of row!.lines) {
        const of = charged[line.kind]!;
        // Each part lies between 0 and its charged line (a discount's part is negative or 0).
        expect(Math.abs(line.amount)).toBeLessThanOrEqual(Math.abs(of));
        expect(Math.sign(line.amount) * Math.sign(of)).toBeGreaterThanOrEqual(0);
      }
      const text = await pdfText((await client.get(note.url)).raw.rawPayload);
      expect(text).toContain('$54.42');
      expect(text).toContain('For receipt R-');
      const read = await client.get(`/api/bookings/${bookingId}`);
      expect(sum(read.body.refundedLines)).toBe(5_442);
    } finally {
      clock.set(START);
    }
  });

  it('two cancellations of one booking at once: one refund, one credit note, credit-note numbers without a gap', async () => {
    const client = await customer();
    const { bookingId } = await pay(client);
    const second = createClient(ctx, { ip: '10.93.7.2' });
    await second.login(client.email, DEMO_PASSWORD);
    const answers = await Promise.all([
      client.post(`/api/bookings/${bookingId}/cancel`, {}),
      second.post(`/api/bookings/${bookingId}/cancel`, {}),
      client.post(`/api/bookings/${bookingId}/cancel`, {}),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const refunds = await queryRows<{ amount_cents: number }>(
      db(),
      sql`select amount_cents from refunds where booking_id = ${bookingId}`,
    );
    expect(refunds).toHaveLength(1);
    const notes = await queryRows<{ total_cents: number }>(
      db(),
      sql`select total_cents from receipts where kind = 'credit_note' and booking_id = ${bookingId}`,
    );
    expect(notes).toEqual([{ total_cents: refunds[0]!.amount_cents }]);
    const numbers = await numbersOf('credit_note');
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const receipts = await numbersOf('receipt');
    expect(receipts).toEqual(receipts.map((_, i) => i + 1));
  });

  it("unsubscribe: a deleted account's link answers done, malformed links are 4xx, and a link still works years later", async () => {
    const anyone = createClient(ctx, { ip: '10.93.7.3' });
    const leaving = await customer();
    const leavingToken = await unsubscribeToken(db(), await userIdOf(leaving));
    expect((await deleteAccount(leaving)).status).toBe(200);
    const gone = await anyone.post('/api/unsubscribe', { token: leavingToken });
    expect(gone.status).toBe(200);
    expect(gone.body.email).toBeNull();

    const staying = await customer();
    expect(
      (await staying.put('/api/user/preferences', { email: true, sms: true, promotional: true })).status,
    ).toBe(200);
    const token = await unsubscribeToken(db(), await userIdOf(staying));
    const form = (payload: string, url = '/api/unsubscribe') =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const asJson = (payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/unsubscribe',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const injected = async (res: Awaited<ReturnType<typeof form>>) => ({
      status: res.statusCode,
      body: res.json(),
    });
    for (const [label, res] of [
      ['huge token', await anyone.post('/api/unsubscribe', { token: 'x'.repeat(100_000) })],
      ['number token', await anyone.post('/api/unsubscribe', { token: 12_345_678_901 })],
      ['array token', await anyone.post('/api/unsubscribe', { token: [token] })],
      ['id past int4', await anyone.post('/api/unsubscribe', { token: `9999999999.${'A'.repeat(43)}` })],
      ['NUL in token', await anyone.post('/api/unsubscribe', { token: `${token}\u0000` })],
      ['body is an array', await injected(await asJson(JSON.stringify([{ token }])))],
      ['broken JSON', await injected(await asJson('{"token":'))],
      ['form too large', await injected(await form(`token=${'x'.repeat(5_000)}`))],
      [
        'query token twice',
        await injected(
          await form(
            'List-Unsubscribe=One-Click',
            `/api/unsubscribe?token=${encodeURIComponent(token)}&token=${encodeURIComponent(token)}`,
          ),
        ),
      ],
    ] as const)
      expectClientError(res, label);
    expect((await staying.get('/api/user/preferences')).body.promotional).toBe(true);

    // Ten years on, the link still works (links do not expire), signed out.
    clock.set(new Date(Date.parse(START) + 3_650 * 24 * HOUR));
    try {
      const later = await injected(await form('', `/api/unsubscribe?token=${encodeURIComponent(token)}`));
      expect(later.status).toBe(200);
    } finally {
      clock.set(START);
    }
    const prefs = await queryRows<{ promotional: boolean }>(
      db(),
      sql`select (preferences->>'promotional')::boolean as promotional from users where email = ${staying.email}`,
    );
    expect(prefs).toEqual([{ promotional: false }]);
  });

  it("an export racing the account's deletion answers 200 or 401, never 500; afterwards the admin's export is a 404", async () => {
    const client = await customer();
    await pay(client);
    const id = await userIdOf(client);
    const [exported, deleted] = await Promise.all([client.get('/api/user/export'), deleteAccount(client)]);
    expect(deleted.status).toBe(200);
    expect([200, 401]).toContain(exported.status);
    if (exported.status === 200) expect(exported.body.profile.id).toBe(id);
    else expectClientError(exported, 'export after deletion');
    const byAdmin = await admin.get(`/api/admin/users/${id}/export`);
    expect(byAdmin.status).toBe(404);
    expect(byAdmin.body.code).toBe('privacy.person_not_found');
    for (const bad of ['abc', '0', '99999999999'])
      expectClientError(await admin.get(`/api/admin/users/${bad}/export`), `admin export ${bad}`);
    const audit = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from admin_audit_log where action = 'user.data_exported' and target_id = ${id}`,
    );
    expect(audit[0]!.n).toBe(0);
  });

  it('the deletion preview and the deletion agree on both sides of the 15-minute grace after paying', async () => {
    const serviceDate = '2026-11-24T14:00:00.000Z'; // Tuesday 9 AM: 26 hours away
    const early = await customer();
    clock.set(new Date(Date.parse(START) + 3 * HOUR)); // 23 hours before: 50% outside the grace
    try {
      const { bookingId } = await pay(early, promoProviderId, serviceDate);
      const total = (await early.get(`/api/bookings/${bookingId}`)).body.totalCents as number;
      clock.advance(15 * MINUTE - 1);
      const inGrace = await early.get('/api/user/deletion-preview');
      expect(inGrace.body.bookings).toEqual([expect.objectContaining({ refundPercent: 100 })]);
      expect(inGrace.body.totalRefundCents).toBe(total);
      clock.advance(1);
      const after = await early.get('/api/user/deletion-preview');
      const half = Math.floor((total * 50 + 50) / 100);
      expect(after.body.bookings).toEqual([
        expect.objectContaining({ refundPercent: 50, refundCents: half }),
      ]);
      const deleted = await deleteAccount(early);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ cancelledBookings: 1, totalRefundCents: half });
      const refunds = await queryRows<{ amount_cents: number }>(
        db(),
        sql`select amount_cents from refunds where booking_id = ${bookingId}`,
      );
      expect(refunds).toEqual([{ amount_cents: half }]);
    } finally {
      clock.set(START);
    }
  });

  it('two saves of Promotional Messages at once record one consent event; a second delete is a 4xx', async () => {
    const client = await customer();
    const saves = await Promise.all(
      [1, 2, 3].map(() =>
        client.put('/api/user/preferences', { email: true, sms: false, promotional: true }),
      ),
    );
    expect(saves.map((s) => s.status)).toEqual([200, 200, 200]);
    const exported = await client.get('/api/user/export');
    expect(exported.status).toBe(200);
    expect(exported.body.consentHistory).toEqual([
      expect.objectContaining({ topic: 'promotional', granted: true, source: 'settings' }),
    ]);
    expect(exported.body.preferences).toEqual({ email: true, sms: false, promotional: true });
    const [first, second] = await Promise.all([deleteAccount(client), deleteAccount(client)]);
    const statuses = [first.status, second.status];
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expectClientError(first.status === 200 ? second : first, 'second delete');
  });
});
