import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { bookings, providerApplications, providers, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { createTestApp, type TestContext } from '../support/app';
import { type Client, createClient } from '../support/http';
import { AT_HOME } from '../support/service-address';

/** Fields a client may not set (role, status, paymentStatus, emailVerified, providerId, amount) are refused or ignored. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
let ctx: TestContext;
let dataDir: string;
let providerId: number;
let otherProviderId: number;
let customer: Client;
let partner: Client;
let admin: Client;
let ip = 0;
const fresh = () => createClient(ctx, { ip: `10.90.0.${++ip}` });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trillium-mass-'));
  ctx = await createTestApp({ clock: fixedClock('2026-11-23T12:00:00Z'), env: { DATA_DIR: dataDir } });
  const db = ctx.database.db;
  const categoryId = await insertCategory(db, { name: 'Cleaning', slug: 'cleaning' });
  const partnerId = await insertUser(db, {
    email: 'mass.partner@example.com',
    fullName: 'Mass Partner',
    password: DEMO_PASSWORD,
    role: 'partner',
  });
  await insertUser(db, {
    email: 'mass.customer@example.com',
    fullName: 'Mass Customer',
    password: DEMO_PASSWORD,
  });
  await insertUser(db, {
    email: 'mass.admin@example.com',
    fullName: 'Mass Admin',
    password: DEMO_PASSWORD,
    role: 'admin',
  });
  providerId = await insertProvider(db, {
    name: 'Mass Co',
    categoryId,
    ownerUserId: partnerId,
    services: [{ name: 'Clean', priceCents: 10000 }],
  });
  otherProviderId = await insertProvider(db, {
    name: 'Other Co',
    categoryId,
    services: [{ name: 'Clean', priceCents: 10000 }],
  });
  customer = fresh();
  await customer.login('mass.customer@example.com', DEMO_PASSWORD);
  partner = fresh();
  await partner.login('mass.partner@example.com', DEMO_PASSWORD);
  admin = fresh();
  await admin.login('mass.admin@example.com', DEMO_PASSWORD);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('mass assignment', () => {
  it('ignores role and emailVerified at sign-up and on the profile', async () => {
    const client = fresh();
    const res = await client.post('/api/register', {
      email: 'mass.new@example.com',
      password: 'Maple!Syrup42',
      fullName: 'Mass New',
      role: 'admin',
      emailVerified: true,
    });
    expect(res.body).toMatchObject({ role: 'user', emailVerified: false });
    const profile = await client.put('/api/user/profile', {
      fullName: 'Mass New',
      email: 'mass.new@example.com',
      role: 'admin',
    });
    expect(profile.body.role).toBe('user');
  });

  it('prices a booking on the server and starts it unpaid, whatever amount, status or paymentStatus is sent', async () => {
    const res = await customer.post('/api/create-payment-intent', {
      providerId,
      serviceDate: '2026-11-24T15:00:00.000Z',
      customerName: 'Mass Customer',
      customerEmail: 'mass.customer@example.com',
      ...AT_HOME,
      amount: 1,
      price: 1,
      status: 'confirmed',
      paymentStatus: 'confirmed',
    });
    expect(res.body.amount).toBe(10339);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, res.body.bookingId));
    expect(row).toMatchObject({ status: 'awaiting_payment', paymentStatus: 'pending', totalCents: 10339 });
    const direct = await customer.post('/api/bookings', {
      providerId,
      status: 'confirmed',
      paymentStatus: 'confirmed',
      paymentAmount: 0,
    });
    expect(direct.status).toBe(400);
  });

  it('never makes anyone an admin from the users panel', async () => {
    const [target] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'mass.customer@example.com'));
    const res = await admin.patch(`/api/admin/users/${target!.id}`, { role: 'admin' });
    expect(res.status).toBe(400);
    const [after] = await ctx.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, target!.id));
    expect(after!.role).toBe('user');
  });

  it('keeps a new application pending and unverified whatever status or emailVerified is sent', async () => {
    const client = fresh();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(PDF)]), 'licence.pdf');
    const uploaded = await client.post('/api/documents/upload?kind=document', form);
    const res = await client.post('/api/provider-applications', {
      fullName: 'Mass Applicant',
      email: 'mass.applicant@example.com',
      phone: '416-555-0142',
      password: 'Maple!Syrup42',
      confirmPassword: 'Maple!Syrup42',
      businessName: 'Mass Applicant Co',
      city: 'toronto',
      province: 'on',
      servicesDescription: 'Deep cleaning and weekly home care across the whole city of Toronto.',
      operatingDays: ['Monday'],
      operatingHours: '9:00 AM - 5:00 PM',
      documents: uploaded.body.filenames,
      priceCatalog: [{ serviceName: 'Deep Cleaning', price: '120' }],
      hasPriceList: false,
      priceListUrl: '',
      agreedToTerms: true,
      profileImage: null,
      status: 'approved',
      emailVerified: 1,
      role: 'partner',
      categoryId: 1,
    });
    expect(res.status).toBe(201);
    const [application] = await ctx.database.db
      .select()
      .from(providerApplications)
      .where(eq(providerApplications.email, 'mass.applicant@example.com'));
    expect(application).toMatchObject({ status: 'pending', emailVerifiedAt: null, categoryId: null });
    const [account] = await ctx.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, 'mass.applicant@example.com'));
    expect(account!.role).toBe('user');
  });

  it('lets a partner edit only their own listing, whatever providerId is sent', async () => {
    const res = await partner.put('/api/partner/listing', {
      description: 'A description long enough for the listing to be valid.',
      city: 'ottawa',
      providerId: otherProviderId,
    });
    expect(res.status).toBe(200);
    const [mine] = await ctx.database.db
      .select({ city: providers.city })
      .from(providers)
      .where(eq(providers.id, providerId));
    const [theirs] = await ctx.database.db
      .select({ city: providers.city })
      .from(providers)
      .where(eq(providers.id, otherProviderId));
    expect(mine!.city).toBe('Ottawa');
    expect(theirs!.city).toBe('Toronto');
  });
});
