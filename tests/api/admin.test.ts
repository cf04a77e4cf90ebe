import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { notifications, providerSchedules, sandboxIntents, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { runDueJobs } from '../support/jobs';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { emailsTo, lastEmailTo } from '../support/outbox';
import { AT_HOME } from '../support/service-address';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
// Monday 23 November 2026, 7:00 AM in Toronto.
const clock = fixedClock('2026-11-23T12:00:00Z');
const slot = (hourToronto: number, date = '2026-11-24') =>
  new Date(`${date}T${String(hourToronto + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

let ctx: TestContext;
let dataDir: string;
let cleaningId: number;
let salonId: number;
let providerId: number;
let ip = 0;
const client = () => createClient(ctx, { ip: `10.60.${Math.floor(++ip / 200)}.${ip % 200}` });
async function as(email: string) {
  const c = client();
  await c.login(email, DEMO_PASSWORD);
  return c;
}

async function upload(c: Client, name: string, content: Buffer, kind: string) {
  const data = new FormData();
  data.append('files', new Blob([new Uint8Array(content)]), name);
  const res = await c.post(`/api/documents/upload?kind=${kind}`, data);
  expect(res.status).toBe(201);
  return res.body.filenames[0] as string;
}

let applicants = 0;
/** A professional applies (optionally verifying the e-mail); answers the application id and e-mail. */
async function apply(options: { businessName: string; verify?: boolean; hours?: string; image?: boolean }) {
  const c = client();
  const email = `applicant${++applicants}@example.com`;
  const res = await c.post('/api/provider-applications', {
    fullName: 'Sam Applicant',
    email,
    phone: '647-555-0199',
    password: 'Maple!Syrup42',
    confirmPassword: 'Maple!Syrup42',
    businessName: options.businessName,
    city: 'oakville',
    province: 'on',
    servicesDescription: 'Residential cleaning with eco-friendly products, insured and bonded.',
    operatingDays: ['Monday', 'Wednesday', 'Friday'],
    operatingHours: options.hours ?? '9:00 AM - 5:00 PM',
    documents: [await upload(c, 'licence.pdf', PDF, 'document')],
    priceCatalog: [
      { serviceName: 'Standard Clean', price: '$95', duration: '2 hours' },
      { serviceName: 'Move-out Clean', price: 'from 250.50' },
    ],
    hasPriceList: false,
    agreedToTerms: true,
    profileImage: options.image ? await upload(c, 'me.png', PNG, 'profile_image') : null,
  });
  expect(res.status).toBe(201);
  if (options.verify !== false) {
    const link = new URL((await lastEmailTo(ctx.database.db, email))!.link!);
    expect((await c.get(`/api/verify-email${link.search}`)).status).toBe(200);
  }
  return { id: res.body.applicationId as number, email };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trillium-admin-'));
  ctx = await createTestApp({
    clock,
    env: { DATA_DIR: dataDir, PUBLIC_URL: 'https://trillium.test' },
    seed: async ({ db }) => {
      cleaningId = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
      salonId = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      await insertUser(db, {
        email: 'admin@example.com',
        fullName: 'Alex Admin',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
      await insertUser(db, { email: 'cara@example.com', fullName: 'Cara Customer', password: DEMO_PASSWORD });
      const owner = await insertUser(db, {
        email: 'pat@example.com',
        fullName: 'Pat Partner',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      providerId = await insertProvider(db, {
        name: 'Sparkle Co',
        categoryId: cleaningId,
        ownerUserId: owner,
        services: [{ name: 'Deep Cleaning', priceCents: 20000 }],
      });
    },
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('authorisation: every /api/admin route', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/applications'],
    ['PATCH', '/api/admin/applications/999999', { status: 'rejected', adminNotes: 'x' }],
    ['GET', '/api/admin/bookings'],
    ['PATCH', '/api/admin/bookings/999999', { status: 'cancelled' }],
    ['GET', '/api/admin/users'],
    ['PATCH', '/api/admin/users/999999', { role: 'user' }],
  ];
  it.each(routes)(
    '%s %s: 401 visitor, 403 customer and partner, admin allowed',
    async (method, url, body) => {
      const send = (c: Client) => c.request({ method: method as 'GET', url, body });
      expect((await send(client())).status).toBe(401);
      expect((await send(await as('cara@example.com'))).status).toBe(403);
      expect((await send(await as('pat@example.com'))).status).toBe(403);
      const admin = await send(await as('admin@example.com'));
      expect(admin.status).toBe(method === 'GET' ? 200 : 404);
    },
  );
});

describe('applications panel', () => {
  it('lists every application newest first with the read fields', async () => {
    const older = await apply({ businessName: 'Older Cleaners', verify: false });
    clock.advance(60_000);
    const newer = await apply({ businessName: 'Newer Cleaners' });
    const res = await (await as('admin@example.com')).get('/api/admin/applications');
    expect(res.status).toBe(200);
    const ids = res.body.map((a: { id: number }) => a.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const item = res.body.find((a: { id: number }) => a.id === newer.id);
    expect(item).toMatchObject({
      businessName: 'Newer Cleaners',
      status: 'pending',
      emailVerified: true,
      category: null,
      categoryId: null,
      serviceCategory: 'General Services',
      applicantType: 'business',
      operatingDays: ['Monday', 'Wednesday', 'Friday'],
      documents: [expect.stringMatching(/-licence\.pdf$/)],
      files: [expect.objectContaining({ kind: 'document', mimeType: 'application/pdf' })],
    });
    expect(res.body.find((a: { id: number }) => a.id === older.id).emailVerified).toBe(false);
    expect(item).not.toHaveProperty('password');
  });

  it('requires a category to approve, and a verified e-mail', async () => {
    const admin = await as('admin@example.com');
    const { id } = await apply({ businessName: 'Needs Category' });
    const res = await admin.patch(`/api/admin/applications/${id}`, { status: 'approved' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'applications.category_required',
      message: 'Please select a category for approval.',
    });
    expect(
      (await admin.patch(`/api/admin/applications/${id}`, { status: 'approved', categoryId: 999999 })).status,
    ).toBe(400);
    const unverified = await apply({ businessName: 'Unverified Co', verify: false });
    const refused = await admin.patch(`/api/admin/applications/${unverified.id}`, {
      status: 'approved',
      categoryId: cleaningId,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('applications.email_not_verified');
  });

  it('approves: partner role, a listing built from the application, searchable at once, applicant told', async () => {
    const anyone = client();
    const { id, email } = await apply({ businessName: 'Zephyr Glow Cleaning', image: true });
    // A cached search before the approval must not hide the new listing afterwards.
    expect((await anyone.get('/api/providers?q=Zephyr')).body).toEqual([]);
    const admin = await as('admin@example.com');
    const res = await admin.patch(`/api/admin/applications/${id}`, {
      status: 'approved',
      adminNotes: 'Welcome aboard',
      categoryId: salonId,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'approved', categoryId: salonId, category: 'Salon Services' });
    expect(res.body.adminNotes).toBe('Welcome aboard');

    const found = (await anyone.get('/api/providers?q=Zephyr')).body;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      id: res.body.providerId,
      name: 'Zephyr Glow Cleaning',
      description: 'Residential cleaning with eco-friendly products, insured and bonded.',
      city: 'Oakville',
      citySlug: 'oakville',
      province: 'ON',
      category: { slug: 'salon-services' },
      price: 95,
      // All-in prices, with the service fee and its HST (docs/product.md §7).
      servicesOffered: ['Standard Clean - $98.22', 'Move-out Clean - $259.00'],
      schedule: [
        { day: 1, opensAt: '09:00', closesAt: '17:00' },
        { day: 3, opensAt: '09:00', closesAt: '17:00' },
        { day: 5, opensAt: '09:00', closesAt: '17:00' },
      ],
    });
    expect(found[0].services[0]).toMatchObject({ name: 'Standard Clean', durationMinutes: 120 });
    // The photo is a public copy; the applicant's own upload stays private.
    expect(found[0].imageUrl).toMatch(/^\/api\/provider-photos\/[a-f0-9]{32}-me\.png$/);
    const photo = await anyone.get(found[0].imageUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');

    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.role).toBe('partner');
    const mail = await lastEmailTo(ctx.database.db, email);
    expect(mail).toMatchObject({ kind: 'application_decision' });
    expect(mail!.subject).toContain('approved');
    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user!.id));
    expect(notes).toEqual([expect.objectContaining({ type: 'update', title: 'Application approved' })]);

    const partner = client();
    await partner.login(email, 'Maple!Syrup42');
    expect((await partner.get('/api/user/partner-status')).body).toMatchObject({
      isPartner: true,
      providerId: res.body.providerId,
    });
    // Approved is final.
    const again = await admin.patch(`/api/admin/applications/${id}`, {
      status: 'rejected',
      adminNotes: 'No',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('applications.already_decided');
  });

  it('falls back to 8 AM - 6 PM on the chosen days when the hours cannot be read, and says so', async () => {
    const { id } = await apply({ businessName: 'Whenever Works', hours: 'by appointment' });
    const res = await (await as('admin@example.com')).patch(`/api/admin/applications/${id}`, {
      status: 'approved',
      categoryId: cleaningId,
    });
    expect(res.status).toBe(200);
    expect(res.body.adminNotes).toContain('could not be read');
    expect(res.body.profileImage).toBeNull();
    const hours = await ctx.database.db
      .select()
      .from(providerSchedules)
      .where(eq(providerSchedules.providerId, res.body.providerId));
    expect(hours.map((h) => [h.weekday, h.opensAtMinute, h.closesAtMinute])).toEqual([
      [1, 480, 1080],
      [3, 480, 1080],
      [5, 480, 1080],
    ]);
    const listing = (await client().get(`/api/providers/${res.body.providerId}`)).body;
    expect(listing.imageUrl).toBe('/images/providers/home-cleaning-1.svg');
  });

  it('lets an applicant asked for more information answer in the product, with documents', async () => {
    const admin = await as('admin@example.com');
    const { id, email } = await apply({ businessName: 'Answering Co' });
    const applicant = client();
    await applicant.login(email, 'Maple!Syrup42');
    // Nothing asked yet: nothing to answer.
    const early = await applicant.post('/api/user/application/reply', {
      message: 'Here is my answer, early.',
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('applications.nothing_asked');
    // The applicant reads Trillium in French: what they are told follows their account's language.
    expect((await applicant.put('/api/user/language', { language: 'fr' })).status).toBe(200);
    expect(
      (
        await admin.patch(`/api/admin/applications/${id}`, {
          status: 'clarification_needed',
          adminNotes: 'Please send proof of insurance.',
        })
      ).status,
    ).toBe(200);
    const status = await applicant.get('/api/user/partner-status');
    expect(status.body).toMatchObject({
      isPartner: false,
      application: {
        id,
        status: 'clarification_needed',
        requests: [
          { needed: 'Please send proof of insurance.', answer: null, answeredAt: null, documents: [] },
        ],
      },
    });
    const asked = (await applicant.get('/api/notifications')).body;
    expect(asked).toEqual([
      expect.objectContaining({
        title: 'Renseignements supplémentaires requis',
        message:
          'Nous avons besoin de plus de renseignements sur Answering Co\u00a0: Please send proof of insurance.',
      }),
    ]);
    const proof = await upload(applicant, 'insurance.pdf', PDF, 'document');
    const forged = await applicant.post('/api/user/application/reply', {
      message: 'Attached is my insurance certificate.',
      documents: ['0123456789abcdef0123456789abcdef-forged.pdf'],
    });
    expect(forged.status).toBe(400);
    const reply = await applicant.post('/api/user/application/reply', {
      message: 'Attached is my insurance certificate.',
      documents: [proof],
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'pending',
      requests: [{ answer: 'Attached is my insurance certificate.', documents: [proof] }],
    });
    // The admins see the whole exchange and the new document, and were told.
    const listed = (await admin.get('/api/admin/applications')).body.find((a: { id: number }) => a.id === id);
    expect(listed.status).toBe('pending');
    expect(listed.requests).toEqual([
      expect.objectContaining({
        needed: 'Please send proof of insurance.',
        answer: 'Attached is my insurance certificate.',
      }),
    ]);
    expect(listed.documents).toContain(proof);
    expect(listed.files.map((f: { filename: string }) => f.filename)).toContain(proof);
    const notes = (await admin.get('/api/notifications')).body;
    // Each admin in theirs (English here), counting the documents.
    expect(notes).toContainEqual(
      expect.objectContaining({
        title: 'An applicant answered',
        message:
          'Answering Co answered your question and sent 1 document. The application is back in review.',
      }),
    );
    // Answered: a second answer has nothing to answer; another person has no application to answer for.
    expect(
      (await applicant.post('/api/user/application/reply', { message: 'One more thing to add.' })).status,
    ).toBe(409);
    const stranger = await as('cara@example.com');
    expect(
      (await stranger.post('/api/user/application/reply', { message: 'Not my application.' })).status,
    ).toBe(404);
    expect(
      (await client().post('/api/user/application/reply', { message: 'Signed out answer.' })).status,
    ).toBe(401);
  });

  it('rejects with a reason and asks for information, e-mailing the applicant each time', async () => {
    const admin = await as('admin@example.com');
    const { id, email } = await apply({ businessName: 'Maybe Later Ltd' });
    expect(
      (await admin.patch(`/api/admin/applications/${id}`, { status: 'clarification_needed' })).status,
    ).toBe(400);
    const ask = await admin.patch(`/api/admin/applications/${id}`, {
      status: 'clarification_needed',
      adminNotes: 'Please send proof of insurance.',
    });
    expect(ask.status).toBe(200);
    expect(ask.body.status).toBe('clarification_needed');
    expect((await lastEmailTo(ctx.database.db, email))!.textBody).toContain(
      'Please send proof of insurance.',
    );

    expect((await admin.patch(`/api/admin/applications/${id}`, { status: 'rejected' })).body.code).toBe(
      'applications.reason_required',
    );
    const reject = await admin.patch(`/api/admin/applications/${id}`, {
      status: 'rejected',
      adminNotes: 'Insurance not provided.',
    });
    expect(reject.status).toBe(200);
    const mail = await lastEmailTo(ctx.database.db, email);
    expect(mail!.textBody).toContain('Insurance not provided.');
    expect(
      (await emailsTo(ctx.database.db, email)).filter((m) => m.kind === 'application_decision'),
    ).toHaveLength(2);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.role).toBe('user');
    const final = await admin.patch(`/api/admin/applications/${id}`, {
      status: 'approved',
      categoryId: cleaningId,
    });
    expect(final.status).toBe(409);
    expect(
      (await admin.patch('/api/admin/applications/999999', { status: 'rejected', adminNotes: 'x' })).status,
    ).toBe(404);
  });
});

describe('bookings panel', () => {
  async function hold(c: Client, serviceDate: string) {
    const res = await c.post('/api/create-payment-intent', {
      providerId,
      serviceDate,
      serviceTitle: 'Deep Cleaning',
      customerName: 'Cara Customer',
      customerEmail: 'cara@example.com',
      ...AT_HOME,
    });
    expect(res.status).toBe(200);
    return res.body as { paymentIntentId: string; bookingId: number; amount: number };
  }
  async function card(c: Client) {
    const res = await c.post('/api/payments/sandbox/payment-methods', {
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    return res.body.id as string;
  }

  it('lists bookings with the admin view fields', async () => {
    const cara = await as('cara@example.com');
    const h = await hold(cara, slot(8));
    const res = await (await as('admin@example.com')).get('/api/admin/bookings');
    expect(res.status).toBe(200);
    expect(res.body.find((b: { id: number }) => b.id === h.bookingId)).toMatchObject({
      serviceTitle: 'Deep Cleaning',
      providerName: 'Sparkle Co',
      customerName: 'Cara Customer',
      customerEmail: 'cara@example.com',
      ...AT_HOME,
      serviceDate: slot(8),
      totalCents: 20678,
      status: 'awaiting_payment',
      paymentStatus: 'pending',
      referenceNumber: expect.stringMatching(/^TR-/),
    });
  });

  it('confirms payment only when the processor reports it succeeded', async () => {
    const cara = await as('cara@example.com');
    const admin = await as('admin@example.com');
    const h = await hold(cara, slot(10));
    const refused = await admin.patch(`/api/admin/bookings/${h.bookingId}`, { status: 'confirmed' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('bookings.payment_not_received');
    // The card was charged but the browser never reported back.
    await ctx.app.deps.payments.confirmIntent({
      intentId: h.paymentIntentId,
      paymentMethodId: await card(cara),
    });
    const ok = await admin.patch(`/api/admin/bookings/${h.bookingId}`, {
      status: 'confirmed',
      paymentStatus: 'confirmed',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'confirmed', paymentStatus: 'confirmed' });
    expect((await lastEmailTo(ctx.database.db, 'cara@example.com'))!.kind).toBe('booking_confirmation');
    const twice = await admin.patch(`/api/admin/bookings/${h.bookingId}`, { status: 'confirmed' });
    expect(twice.status).toBe(409);
  });

  it('cancelling a paid booking refunds it in full, e-mails the customer and frees the slot', async () => {
    const cara = await as('cara@example.com');
    const admin = await as('admin@example.com');
    const h = await hold(cara, slot(11));
    const paid = await cara.post('/api/confirm-payment-intent', {
      paymentIntentId: h.paymentIntentId,
      paymentMethodId: await card(cara),
    });
    expect(paid.status).toBe(200);
    const res = await admin.patch(`/api/admin/bookings/${h.bookingId}`, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    // The refund is made by the job queue, once, however often the admin presses Cancel.
    await runDueJobs(ctx);
    const refunded = async () =>
      (
        await ctx.database.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, h.paymentIntentId))
      )[0]!.refundedCents;
    expect(await refunded()).toBe(h.amount);
    const mail = await lastEmailTo(ctx.database.db, 'cara@example.com');
    expect(mail!.kind).toBe('booking_cancelled');
    expect(mail!.textBody).toContain('$206.78');
    expect(mail!.textBody).toContain('Trillium cancelled this booking.');
    const availability = await client().get(`/api/providers/${providerId}/availability?days=2`);
    const tuesday = availability.body.days.find((d: { date: string }) => d.date === '2026-11-24');
    expect(tuesday.slots.find((s: { start: string }) => s.start === slot(11)).available).toBe(true);
    // Cancelled is final: cancelling again answers the same booking and refunds nothing more; it cannot be
    // confirmed. An unpaid hold is cancelled without a refund.
    const again = await admin.patch(`/api/admin/bookings/${h.bookingId}`, { status: 'cancelled' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    await runDueJobs(ctx);
    expect(await refunded()).toBe(h.amount);
    const confirm = await admin.patch(`/api/admin/bookings/${h.bookingId}`, { status: 'confirmed' });
    expect(confirm.status).toBe(409);
    expect(confirm.body.code).toBe('bookings.transition_not_allowed');
    const unpaid = await hold(cara, slot(12));
    const cancelled = await admin.patch(`/api/admin/bookings/${unpaid.bookingId}`, { status: 'cancelled' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
  });

  it("cancelling with a reason puts the admin's reason into the customer's e-mail", async () => {
    const cara = await as('cara@example.com');
    const admin = await as('admin@example.com');
    const h = await hold(cara, slot(14));
    const paid = await cara.post('/api/confirm-payment-intent', {
      paymentIntentId: h.paymentIntentId,
      paymentMethodId: await card(cara),
    });
    expect(paid.status).toBe(200);
    const reason = 'The professional is ill and no one can replace them. We are sorry.';
    const res = await admin.patch(`/api/admin/bookings/${h.bookingId}`, { action: 'cancel', reason });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const mail = await lastEmailTo(ctx.database.db, 'cara@example.com');
    expect(mail!.kind).toBe('booking_cancelled');
    expect(mail!.textBody).toContain(`Trillium cancelled this booking: ${reason}`);
    expect(mail!.textBody).not.toContain('Trillium cancelled this booking.');
  });

  it('cancelling a hold whose card was charged without confirmation refunds it too', async () => {
    const cara = await as('cara@example.com');
    const h = await hold(cara, slot(13));
    await ctx.app.deps.payments.confirmIntent({
      intentId: h.paymentIntentId,
      paymentMethodId: await card(cara),
    });
    const res = await (await as('admin@example.com')).patch(`/api/admin/bookings/${h.bookingId}`, {
      status: 'cancelled',
    });
    expect(res.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    await runDueJobs(ctx);
    const [intent] = await ctx.database.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, h.paymentIntentId));
    expect(intent!.refundedCents).toBe(h.amount);
  });

  it('refuses unknown statuses and bookings', async () => {
    const admin = await as('admin@example.com');
    expect((await admin.patch('/api/admin/bookings/999999', { status: 'cancelled' })).status).toBe(404);
    expect((await admin.patch('/api/admin/bookings/1', { status: 'completed' })).status).toBe(400);
  });
});

describe('users panel', () => {
  it('lists users and switches only between user and partner', async () => {
    const admin = await as('admin@example.com');
    const list = await admin.get('/api/admin/users');
    expect(list.status).toBe(200);
    const cara = list.body.find((u: { email: string }) => u.email === 'cara@example.com');
    expect(cara).toMatchObject({ fullName: 'Cara Customer', role: 'user', phone: null, city: null });
    expect(cara).not.toHaveProperty('passwordHash');
    const promoted = await admin.patch(`/api/admin/users/${cara.id}`, { role: 'partner' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('partner');
    expect((await admin.patch(`/api/admin/users/${cara.id}`, { role: 'user' })).body.role).toBe('user');
    expect((await admin.patch(`/api/admin/users/${cara.id}`, { role: 'admin' })).status).toBe(400);
    const adminRow = list.body.find((u: { email: string }) => u.email === 'admin@example.com');
    const locked = await admin.patch(`/api/admin/users/${adminRow.id}`, { role: 'user' });
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('users.admin_locked');
  });
});
