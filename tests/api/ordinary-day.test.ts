import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { startEmailWorker } from '../../src/server/modules/email/email.worker';
import { createSmtpMailer } from '../../src/server/modules/email/email.transport';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { lastEmailTo } from '../support/outbox';
import { AT_HOME } from '../support/service-address';
import { startSmtpServer } from '../support/smtp';

// Issue "An ordinary day": where the job happens, who is told, bookings that read right.

// Monday 23 November 2026, 7:00 AM in Toronto.
const clock = fixedClock('2026-11-23T12:00:00Z');
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let cleanerId: number;
let salonId: number;
let people = 0;

const at = (hour: number, date = '2026-11-24') =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

async function customer(): Promise<Client> {
  const email = `day${++people}@example.com`;
  await insertUser(ctx.database.db, { email, fullName: `Dana Day${people}`, password: DEMO_PASSWORD });
  const client = createClient(ctx, { ip: `10.44.0.${people}` });
  await client.login(email, DEMO_PASSWORD);
  return client;
}

async function partner(email: string) {
  const client = createClient(ctx, { ip: `10.45.0.${++people}` });
  await client.login(email, DEMO_PASSWORD);
  return client;
}

const hold = (client: Client, providerId: number, serviceDate: string, extra: Record<string, unknown> = {}) =>
  client.post('/api/create-payment-intent', {
    providerId,
    serviceDate,
    customerName: 'Dana Day',
    customerEmail: 'dana@example.com',
    notes: 'Please use the side door',
    ...extra,
  });

async function pay(client: Client, paymentIntentId: string) {
  const card = await client.post('/api/payments/sandbox/payment-methods', {
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
  });
  const res = await client.post('/api/confirm-payment-intent', {
    paymentIntentId,
    paymentMethodId: card.body.id,
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({
    clock,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    seed: async ({ db }) => {
      const cleaning = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
      const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      const cleanOwner = await insertUser(db, {
        email: 'cleaner.owner@example.com',
        fullName: 'Olivia Cleaner',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      const salonOwner = await insertUser(db, {
        email: 'salon.owner@example.com',
        fullName: 'Sam Salon',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      // The salon's owner turned booking e-mails off.
      await db
        .update(users)
        .set({ preferences: { email: false, sms: false, promotional: false } })
        .where(eq(users.id, salonOwner));
      cleanerId = await insertProvider(db, {
        name: 'Fresh Nest Cleaning',
        categoryId: cleaning,
        ownerUserId: cleanOwner,
        services: [{ name: 'Deep Cleaning', priceCents: 20000 }],
      });
      salonId = await insertProvider(db, {
        name: 'Queen West Salon',
        categoryId: salon,
        ownerUserId: salonOwner,
        streetAddress: '800 Queen St W',
        services: [{ name: 'Haircut', priceCents: 6000 }],
      });
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('where the job happens', () => {
  it('says per service where it happens, by category', async () => {
    const cleaner = (await createClient(ctx).get(`/api/providers/${cleanerId}`)).body;
    const salon = (await createClient(ctx).get(`/api/providers/${salonId}`)).body;
    expect(cleaner.services[0].deliveredAt).toBe('customer');
    expect(salon.services[0].deliveredAt).toBe('provider');
    expect(salon.streetAddress).toBe('800 Queen St W');
  });

  it("needs the customer's Ontario address and a phone for a service at their place", async () => {
    const client = await customer();
    const none = await hold(client, cleanerId, at(9));
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      code: 'bookings.address_required',
      message: expect.stringContaining('serviceAddress'),
    });
    const noPhone = await hold(client, cleanerId, at(9), { serviceAddress: AT_HOME.serviceAddress });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.code).toBe('bookings.phone_required');
    const bc = await hold(client, cleanerId, at(9), {
      ...AT_HOME,
      serviceAddress: { ...AT_HOME.serviceAddress, postalCode: 'V5K 0A1' },
    });
    expect(bc.status).toBe(400);
    expect(bc.body.message).toContain('This postal code is not in Ontario');
    expect(bc.body.message).toContain('postalCode');
    const quebec = await hold(client, cleanerId, at(9), {
      ...AT_HOME,
      serviceAddress: { ...AT_HOME.serviceAddress, province: 'QC', postalCode: 'H2X 1Y4' },
    });
    expect(quebec.status).toBe(400);
    expect(quebec.body.message).toContain('must be in Ontario');
    const ok = await hold(client, cleanerId, at(9), AT_HOME);
    expect(ok.status).toBe(200);
    const booking = (await client.get(`/api/bookings/${ok.body.bookingId}`)).body;
    expect(booking).toMatchObject({
      deliveredAt: 'customer',
      serviceAddress: { ...AT_HOME.serviceAddress, postalCode: 'M5H 2N2' },
      location: '120 Queen St W, Unit 4, Toronto, ON M5H 2N2',
      customerPhone: '416-555-0100',
    });
  });

  it("needs no address at the provider's place, and shows the provider's street address", async () => {
    const client = await customer();
    const res = await hold(client, salonId, at(10));
    expect(res.status).toBe(200);
    const booking = (await client.get(`/api/bookings/${res.body.bookingId}`)).body;
    expect(booking).toMatchObject({ deliveredAt: 'provider', serviceAddress: null });
    expect(booking.location).toBe('800 Queen St W, Toronto, ON');
    // No address is SQL's null, not JSON's (the hold's insert is a prepared statement).
    const [row] = await queryRows<{ none: boolean }>(
      ctx.database.db,
      sql`select service_address is null as none from bookings where id = ${res.body.bookingId}`,
    );
    expect(row?.none).toBe(true);
  });

  it('refuses a postal code of another province on the account address too', async () => {
    const client = await customer();
    const res = await client.put('/api/user/address', {
      street: '120 Queen St W',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'V5K 0A1',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('This postal code is not in Ontario');
    const saved = await client.put('/api/user/address', {
      street: '120 Queen St W',
      unit: '4',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'm5h2n2',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ unit: '4', postalCode: 'M5H 2N2' });
  });

  it("keeps the profile's province where the saved postal code is", async () => {
    const client = await customer();
    const me = (await client.get('/api/user')).body;
    const profile = (extra: Record<string, unknown>) =>
      client.put('/api/user/profile', { fullName: me.fullName, email: me.email, phone: '', ...extra });
    // No postal code saved yet: any province code, never free text.
    const free = await profile({ city: 'Vancouver', province: 'bc' });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({ city: 'Vancouver', province: 'BC' });
    const xyz = await profile({ province: 'xyz' });
    expect(xyz.status).toBe(400);
    expect(xyz.body).toEqual({ code: 'validation_failed', message: 'province: Please choose a province' });

    const address = await client.put('/api/user/address', {
      street: '120 Queen St W',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5H 2N2',
    });
    expect(address.status).toBe(200);
    // With M5H 2N2 saved, the province cannot become BC, nor be emptied.
    const bc = await profile({ city: 'Toronto', province: 'BC' });
    expect(bc.status).toBe(400);
    expect(bc.body).toEqual({
      code: 'account.province_mismatch',
      message: 'province: Your postal code M5H 2N2 is not in British Columbia',
    });
    const none = await profile({ city: 'Toronto', province: '' });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('account.province_mismatch');
    expect((await client.get('/api/user')).body).toMatchObject({ province: 'ON', postalCode: 'M5H 2N2' });

    // Its own province is fine; leaving city and province out (the edit-profile page) keeps them.
    const on = await profile({ city: 'North York', province: 'on' });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ city: 'North York', province: 'ON' });
    const page = await profile({ fullName: 'Dana Renamed' });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ fullName: 'Dana Renamed', city: 'North York', province: 'ON' });
  });

  it('shows the partner the address, access notes, phone and notes until 30 days after, then only the city', async () => {
    const client = await customer();
    const held = await hold(client, cleanerId, at(11, '2026-11-25'), AT_HOME);
    await pay(client, held.body.paymentIntentId);
    const owner = await partner('cleaner.owner@example.com');
    const seen = (await owner.get('/api/partner/bookings')).body.find(
      (b: { id: number }) => b.id === held.body.bookingId,
    );
    expect(seen).toMatchObject({
      serviceAddress: { street: '120 Queen St W', accessNotes: 'Buzzer 4, the dog is friendly' },
      customerPhone: '416-555-0100',
      notes: 'Please use the side door',
    });
    clock.set('2026-12-26T12:00:00Z'); // 31 days after the appointment
    try {
      const later = await partner('cleaner.owner@example.com');
      const old = (await later.get('/api/partner/bookings')).body.find(
        (b: { id: number }) => b.id === held.body.bookingId,
      );
      expect(old).toMatchObject({
        serviceAddress: null,
        customerPhone: null,
        notes: null,
        location: 'Toronto',
      });
      // Another customer never sees it.
      const again = await customer();
      expect((await again.get(`/api/bookings/${held.body.bookingId}`)).status).toBe(404);
    } finally {
      clock.set('2026-11-23T12:00:00Z');
    }
  });
});

describe('who is told', () => {
  it('e-mails the partner a confirmed booking (date in Toronto time, first name, address), unless they turned e-mails off', async () => {
    const worker = startEmailWorker({
      db: ctx.database.db,
      log: { info() {}, warn() {}, error() {} },
      mailer: createSmtpMailer({
        url: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Trillium <no-reply@trillium.test>',
      }),
      clock,
    });
    try {
      const client = await customer();
      const home = await hold(client, cleanerId, at(14, '2026-11-26'), AT_HOME);
      await pay(client, home.body.paymentIntentId);
      const salon = await hold(client, salonId, at(14, '2026-11-26'));
      await pay(client, salon.body.paymentIntentId);
      await worker.runOnce();
      const toCleaner = smtp.received.filter((m) => m.to.includes('cleaner.owner@example.com'));
      const mail = toCleaner.find((m) => m.raw.includes(home.body.referenceNumber));
      expect(mail).toBeDefined();
      const text = mail!.raw.replace(/=\r?\n/g, '');
      expect(text).toMatch(/Subject: New booking: Deep Cleaning on Thursday, November 26, 2026/);
      expect(text).toMatch(/2:00.*ET/);
      expect(text).toContain('Dana');
      expect(text).toContain('120 Queen St W');
      expect(text).toContain('/partner-dashboard');
      expect(smtp.received.some((m) => m.to.includes('salon.owner@example.com'))).toBe(false);

      // A cancellation is told too.
      const admin = await insertUser(ctx.database.db, {
        email: `admin${people}@example.com`,
        fullName: 'Ada Admin',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
      expect(admin).toBeGreaterThan(0);
      const adminClient = createClient(ctx, { ip: '10.46.0.1' });
      await adminClient.login(`admin${people}@example.com`, DEMO_PASSWORD);
      const cancelled = await adminClient.patch(`/api/admin/bookings/${home.body.bookingId}`, {
        status: 'cancelled',
      });
      expect(cancelled.status).toBe(200);
      await worker.runOnce();
      const cancelMail = smtp.received.find(
        (m) => m.to.includes('cleaner.owner@example.com') && /Subject: Booking cancelled/.test(m.raw),
      );
      expect(cancelMail?.raw).toContain('Trillium cancelled');

      // The salon's owner turned e-mails off: their booking's cancellation is not e-mailed either,
      // while the customer is still told.
      const salonCancelled = await adminClient.patch(`/api/admin/bookings/${salon.body.bookingId}`, {
        status: 'cancelled',
      });
      expect(salonCancelled.status).toBe(200);
      expect(salonCancelled.body.status).toBe('cancelled');
      await worker.runOnce();
      expect(
        smtp.received.some(
          (m) => m.raw.includes(salon.body.referenceNumber) && /Subject: Booking cancelled/.test(m.raw),
        ),
      ).toBe(true);
      expect(smtp.received.some((m) => m.to.includes('salon.owner@example.com'))).toBe(false);
    } finally {
      await worker.stop();
    }
  });
});

describe('the cancellation policy', () => {
  it('the confirmation e-mail carries the policy the booking was paid under', async () => {
    const owner = await partner('salon.owner@example.com');
    const rules = (policy: string) =>
      owner.put('/api/partner/booking-rules', {
        minimumNoticeHours: 0,
        bufferMinutes: 0,
        cancellationPolicy: policy,
      });
    expect((await rules('moderate')).status).toBe(200);
    try {
      const client = await customer();
      const held = await hold(client, salonId, at(11, '2026-11-30'), {
        customerEmail: 'policy.reader@example.com',
      });
      expect(held.status).toBe(200);
      await pay(client, held.body.paymentIntentId);
      const mail = await lastEmailTo(ctx.database.db, 'policy.reader@example.com');
      expect(mail?.kind).toBe('booking_confirmation');
      for (const body of [mail!.textBody, mail!.htmlBody]) {
        expect(body).toContain('Cancellation policy');
        expect(body).toContain(
          'Moderate: Full refund until 48 hours before the start; 50% until 24 hours before; no refund after.',
        );
      }
    } finally {
      expect((await rules('flexible')).status).toBe(200);
    }
  });
});

describe('bookings that read right', () => {
  it('lists upcoming bookings soonest first and past ones most recent first', async () => {
    const email = `scopes${++people}@example.com`;
    await insertUser(ctx.database.db, { email, fullName: 'Scope Tester', password: DEMO_PASSWORD });
    const client = createClient(ctx, { ip: '10.44.8.1' });
    // Remembered for 30 days: the clock moves a week below.
    expect((await client.post('/api/login', { email, password: DEMO_PASSWORD, remember: true })).status).toBe(
      200,
    );
    const later = await hold(client, salonId, at(9, '2026-12-03'));
    await pay(client, later.body.paymentIntentId);
    const sooner = await hold(client, salonId, at(9, '2026-11-27'));
    await pay(client, sooner.body.paymentIntentId);
    const ids = async (scope: string) =>
      (await client.get(`/api/bookings?scope=${scope}`)).body.map((b: { id: number }) => b.id);
    expect(await ids('upcoming')).toEqual([sooner.body.bookingId, later.body.bookingId]);
    expect(await ids('past')).toEqual([]);
    clock.set('2026-12-04T12:00:00Z');
    try {
      expect(await ids('upcoming')).toEqual([]);
      expect(await ids('past')).toEqual([later.body.bookingId, sooner.body.bookingId]);
    } finally {
      clock.set('2026-11-23T12:00:00Z');
    }
    expect((await client.get('/api/bookings?scope=someday')).status).toBe(400);
  });

  it('lists a hold still running, so the customer can continue paying for it', async () => {
    const client = await customer();
    const held = await hold(client, salonId, at(15, '2026-11-27'));
    const upcoming = (await client.get('/api/bookings?scope=upcoming')).body;
    expect(upcoming.find((b: { id: number }) => b.id === held.body.bookingId)).toMatchObject({
      status: 'awaiting_payment',
      holdExpiresAt: '2026-11-23T12:10:00.000Z',
    });
  });
});

describe('a hold the customer comes back to', () => {
  it("is the holder's (Held for you, still choosable) and taken for everyone else", async () => {
    const holder = await customer();
    const start = at(13, '2026-11-30');
    const held = await hold(holder, salonId, start);
    expect(held.status).toBe(200);
    const availability = async (client: Client) => {
      const res = await client.get(`/api/providers/${salonId}/availability?from=2026-11-30&days=1`);
      expect(res.status).toBe(200);
      const slot = res.body.days[0].slots.find((s: { start: string }) => s.start === start);
      return { yourHold: res.body.yourHold, available: slot?.available };
    };
    expect(await availability(holder)).toEqual({
      yourHold: {
        bookingId: held.body.bookingId,
        start,
        serviceTitle: 'Haircut',
        holdExpiresAt: '2026-11-23T12:10:00.000Z',
      },
      available: true,
    });
    // Another customer, and a visitor, see the time taken and no hold of theirs.
    expect(await availability(await customer())).toEqual({ yourHold: null, available: false });
    expect(await availability(createClient(ctx, { ip: '10.44.7.7' }))).toEqual({
      yourHold: null,
      available: false,
    });
  });
});

describe('small edges', () => {
  it('refuses changing the password to the current one, and keeps the current one', async () => {
    const password = 'Maple-Syrup!Kettle42';
    await insertUser(ctx.database.db, { email: 'same.password@example.com', fullName: 'Sam Same', password });
    const client = createClient(ctx, { ip: '10.44.9.9' });
    await client.login('same.password@example.com', password);
    const same = await client.put('/api/user/change-password', {
      currentPassword: password,
      newPassword: password,
      confirmPassword: password,
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toContain('Choose a password different from your current one');
    expect((await client.get('/api/user')).status).toBe(200);
  });
});
