// A hostile admin, partner and visitor against the back office (docs/product.md §3, §12, decision 009)
// and the public catalog (§4). Tests of bugs fail against the code as reviewed; "checked: …" held.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { eq, sql } from 'drizzle-orm';
import { adminAuditLog, jobs, providers } from '../../src/server/db/schema';
import { bookAndPay, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { insertPartnerListing } from '../support/partners';
import { type Client, createClient } from '../support/http';
import { lastEmailTo } from '../support/outbox';
import { AT_HOME } from '../support/service-address';

// Monday 23 November 2026, 7:00 AM in Toronto.
const clock = fixedClock('2026-11-23T12:00:00Z');
let ctx: TestContext;
let dataDir: string;
let ip = 0;
let cleaningId: number;
let hiddenId: number;
let cafeId: number;
let partnerUserId: number;
let adminUserId: number;
const client = () => createClient(ctx, { ip: `10.71.${Math.floor(++ip / 200)}.${ip % 200}` });
async function as(email: string) {
  const c = client();
  const res = await c.post('/api/login', { email, password: DEMO_PASSWORD, remember: true });
  expect(res.status).toBe(200);
  return c;
}
let admin: Client;
let customer: Client;
let partner: Client;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
let applicants = 0;
async function apply(businessName: string) {
  const c = client();
  const email = `attack.applicant${++applicants}@example.com`;
  const data = new FormData();
  data.append('files', new Blob([new Uint8Array(PDF)]), 'licence.pdf');
  const up = await c.post('/api/documents/upload?kind=document', data);
  expect(up.status).toBe(201);
  const res = await c.post('/api/provider-applications', {
    fullName: 'Sam Applicant',
    email,
    phone: '647-555-0199',
    password: 'Maple!Syrup42',
    confirmPassword: 'Maple!Syrup42',
    businessName,
    city: 'oakville',
    province: 'on',
    servicesDescription: 'Residential cleaning with eco-friendly products, insured and bonded.',
    operatingDays: ['Monday', 'Wednesday', 'Friday'],
    operatingHours: '9:00 AM - 5:00 PM',
    documents: [up.body.filenames[0]],
    priceCatalog: [{ serviceName: 'Standard Clean', price: '$95', duration: '2 hours' }],
    hasPriceList: false,
    agreedToTerms: true,
    profileImage: null,
  });
  expect(res.status).toBe(201);
  const link = new URL((await lastEmailTo(ctx.database.db, email))!.link!);
  expect((await c.get(`/api/verify-email${link.search}`)).status).toBe(200);
  return { id: res.body.applicationId as number, email };
}

const TIES = 130;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trillium-attack-'));
  ctx = await createTestApp({
    clock,
    env: { DATA_DIR: dataDir, PUBLIC_URL: 'https://trillium.test', LOG_LEVEL: 'silent' },
    seed: async ({ db }) => {
      cleaningId = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
      const catering = await insertCategory(db, { name: 'Catering', slug: 'catering' });
      const ties = await insertCategory(db, { name: 'Pet Grooming', slug: 'pet-grooming' });
      adminUserId = await insertUser(db, {
        email: 'atk.admin@example.com',
        fullName: 'Alex Admin',
        password: DEMO_PASSWORD,
        role: 'admin',
      });
      await insertUser(db, {
        email: 'atk.cara@example.com',
        fullName: 'Cara Customer',
        password: DEMO_PASSWORD,
      });
      ({ ownerId: partnerUserId } = await insertPartnerListing(db, {
        ownerEmail: 'atk.pat@example.com',
        ownerName: 'Pat Partner',
        name: 'Sparkle Co',
        categoryId: cleaningId,
        services: [{ name: 'Deep Cleaning', priceCents: 20000 }],
      }));
      hiddenId = await insertProvider(db, {
        name: 'Zanzibar Hidden Cleaning',
        categoryId: cleaningId,
        services: [{ name: 'Quixotic Sauna Polish', priceCents: 7000 }],
      });
      await db.execute(sql`update providers set is_active = false where id = ${hiddenId}`);
      cafeId = await insertProvider(db, {
        name: 'Café Crème Traiteur',
        categoryId: catering,
        services: [{ name: 'Pâtisserie fine', priceCents: 9000 }],
      });
      for (let i = 0; i < TIES; i++) {
        await insertProvider(db, {
          name: `Groomer Number ${i}`,
          categoryId: ties,
          services: [{ name: 'Bath and Brush', priceCents: i % 3 === 0 ? 5000 : 6000 }],
          isFeatured: i % 7 === 0,
        });
      }
    },
  });
  admin = await as('atk.admin@example.com');
  customer = await as('atk.cara@example.com');
  partner = await as('atk.pat@example.com');
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const torontoAt = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

async function auditCount() {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(adminAuditLog);
  return Number(row?.n ?? 0);
}

function isError(body: unknown) {
  expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
}

/** Every id of a search, paged `limit` at a time through offset until a short page. */
async function pageThrough(query: string, limit: number) {
  const ids: number[] = [];
  let total = -1;
  for (let offset = 0; offset < 1000; offset += limit) {
    const res = await client().get(`/api/providers?${query}&limit=${limit}&offset=${offset}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (offset === 0) total = Number(res.headers['x-total-count']);
    ids.push(...res.body.map((p: { id: number }) => p.id));
    if (res.body.length < limit) break;
  }
  return { ids, total };
}

describe('bugs: the catalog', () => {
  it('GET /api/service-names never suggests a service only an unpublished (inactive) provider offers', async () => {
    // §4 / plain sense: an inactive listing is out of the catalog; its services are no search suggestion
    // (the suggestion finds nothing, and it leaks the unpublished listing's offer).
    const search = await client().get('/api/providers?q=Quixotic');
    expect(search.status).toBe(200);
    expect(search.body).toEqual([]);
    const names = await client().get('/api/service-names');
    expect(names.status).toBe(200);
    expect(names.body).not.toContain('Quixotic Sauna Polish');
  });
});

describe('bugs: audit log filters', () => {
  for (const query of [
    'from=0000-01-01T00:00:00Z',
    // 9999-12-31 at 23:59:59 in Toronto is in year 10000 in UTC.
    'from=9999-12-31T23:59:59-05:00',
  ]) {
    it(`GET /api/admin/audit-log?${query} is a 200 or a 400 { code, message }, never a 500`, async () => {
      // §3: validation answers a 4xx { code, message } naming the field, never a 500.
      const res = await admin.get(`/api/admin/audit-log?${query}`);
      expect([200, 400], JSON.stringify(res.body)).toContain(res.status);
      if (res.status === 400) isError(res.body);
    });
  }
});

describe('checked: admin routes, ids and decisions', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/applications'],
    ['PATCH', '/api/admin/applications/1'],
    ['GET', '/api/admin/bookings'],
    ['PATCH', '/api/admin/bookings/1'],
    ['GET', '/api/admin/jobs'],
    ['POST', '/api/admin/jobs/1/retry'],
    ['GET', '/api/admin/users'],
    ['PATCH', '/api/admin/users/1'],
    ['GET', '/api/admin/audit-log'],
    ['GET', '/api/admin/reviews'],
    ['GET', '/api/admin/payouts'],
    ['POST', '/api/admin/payouts/run'],
    ['POST', '/api/admin/payouts/1/retry'],
    ['GET', '/api/admin/promotions'],
    ['POST', '/api/admin/promotions'],
    ['PATCH', '/api/admin/promotions/1'],
    ['GET', '/api/admin/announcements'],
    ['POST', '/api/admin/announcements'],
    ['PATCH', '/api/admin/announcements/1'],
    ['GET', '/api/admin/users/1/export'],
    ['GET', '/api/admin/promotional-emails'],
    ['POST', '/api/admin/promotional-emails'],
    ['GET', '/api/admin/ledger/check'],
  ];
  it('refuses every admin route to a visitor (401), a customer and a partner (403), changing nothing', async () => {
    const before = await auditCount();
    for (const [method, url] of routes) {
      for (const [who, expected] of [
        [client(), 401],
        [customer, 403],
        [partner, 403],
      ] as const) {
        const res = await who.request({
          method: method as 'GET',
          url,
          body: method === 'GET' ? undefined : {},
        });
        expect(res.status, `${method} ${url}`).toBe(expected);
        isError(res.body);
      }
    }
    expect(await auditCount()).toBe(before);
  });

  it('answers malformed ids with a 4xx { code, message }, never a 500', async () => {
    for (const id of ['-1', '0', '1e309', '1%3B%20drop', '2147483648', 'abc', '1.5', '0x1', '1e0', '0b1']) {
      for (const [method, url, body] of [
        ['PATCH', `/api/admin/applications/${id}`, { status: 'rejected', adminNotes: 'no' }],
        ['PATCH', `/api/admin/users/${id}`, { role: 'partner' }],
        ['PATCH', `/api/admin/bookings/${id}`, { action: 'cancel' }],
        ['POST', `/api/admin/jobs/${id}/retry`, {}],
        ['PATCH', `/api/admin/announcements/${id}`, { title: 'Hello there' }],
        ['GET', `/api/admin/users/${id}/export`, undefined],
        ['GET', `/api/providers/${id}`, undefined],
        ['GET', `/api/providers/${id}/reviews`, undefined],
      ] as const) {
        const res = await admin.request({ method, url, body });
        expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${url}`).toBeLessThan(500);
        isError(res.body);
      }
    }
  });

  it('a missing user, application, job or announcement is a 404 and leaves no audit entry', async () => {
    const before = await auditCount();
    const big = 2_147_483_647;
    expect((await admin.patch(`/api/admin/users/${big}`, { role: 'partner' })).status).toBe(404);
    expect(
      (await admin.patch(`/api/admin/applications/${big}`, { status: 'rejected', adminNotes: 'x' })).status,
    ).toBe(404);
    expect((await admin.post(`/api/admin/jobs/${big}/retry`, {})).status).toBe(404);
    expect((await admin.patch(`/api/admin/announcements/${big}`, { title: 'Hello there' })).status).toBe(404);
    expect((await admin.get(`/api/admin/users/${big}/export`)).status).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it('an admin cannot change their own role (nor another admin), and nothing is logged', async () => {
    const before = await auditCount();
    const self = await admin.patch(`/api/admin/users/${adminUserId}`, { role: 'user' });
    expect(self.status).toBe(403);
    isError(self.body);
    const up = await admin.patch(`/api/admin/users/${partnerUserId}`, { role: 'admin' });
    expect(up.status).toBe(400);
    expect(await auditCount()).toBe(before);
    expect(
      (await admin.get('/api/admin/users')).body.find((u: { id: number }) => u.id === adminUserId).role,
    ).toBe('admin');
  });

  it('two approvals of one application at once: one 200, one 409, one listing; then reject is 409', async () => {
    const application = await apply('Twice Approved Cleaners');
    const before = await auditCount();
    const [a, b] = await Promise.all([
      admin.patch(`/api/admin/applications/${application.id}`, {
        status: 'approved',
        categoryId: cleaningId,
      }),
      admin.patch(`/api/admin/applications/${application.id}`, {
        status: 'approved',
        categoryId: cleaningId,
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const listings = await ctx.database.db
      .select({ id: providers.id })
      .from(providers)
      .where(eq(providers.name, 'Twice Approved Cleaners'));
    expect(listings).toHaveLength(1);
    const reject = await admin.patch(`/api/admin/applications/${application.id}`, {
      status: 'rejected',
      adminNotes: 'Changed my mind',
    });
    expect(reject.status).toBe(409);
    const more = await admin.patch(`/api/admin/applications/${application.id}`, {
      status: 'clarification_needed',
      adminNotes: 'More?',
    });
    expect(more.status).toBe(409);
    expect(await auditCount()).toBe(before + 1);
    const search = await client().get('/api/providers?q=Twice%20Approved');
    expect(search.status).toBe(200);
    expect(search.body.map((p: { id: number }) => p.id)).toEqual([listings[0]!.id]);
  });

  it('retrying a job that is pending or done is a 404 and changes nothing', async () => {
    const [job] = await ctx.database.db.select().from(jobs).limit(1);
    expect(job).toBeDefined();
    for (const state of ['pending', 'running', 'done'] as const) {
      await ctx.database.db.update(jobs).set({ state }).where(eq(jobs.id, job!.id));
      const before = await auditCount();
      const res = await admin.post(`/api/admin/jobs/${job!.id}/retry`, {});
      expect(res.status).toBe(404);
      isError(res.body);
      expect(await auditCount()).toBe(before);
      const [after] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, job!.id));
      expect(after!.state).toBe(state);
    }
    await ctx.database.db.update(jobs).set({ state: job!.state }).where(eq(jobs.id, job!.id));
  });

  it('announcements keep script text as text, refuse a huge one, and each change is logged', async () => {
    const before = await auditCount();
    const content = '<script>alert(1)</script><img src=x onerror=alert(2)> Fall sale!';
    const created = await admin.post('/api/admin/announcements', {
      title: '<b>Sale</b>',
      content,
      type: 'info',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.content).toBe(content);
    const pub = await client().get('/api/announcements');
    expect(pub.status).toBe(200);
    expect(pub.headers['content-type']).toContain('application/json');
    const huge = await admin.post('/api/admin/announcements', {
      title: 'Huge',
      content: 'x'.repeat(100_000),
      type: 'info',
    });
    expect(huge.status).toBe(400);
    isError(huge.body);
    const nul = await admin.post('/api/admin/announcements', {
      title: 'Nul\u0000title',
      content: 'y'.repeat(20),
      type: 'info',
    });
    expect(nul.status).toBeLessThan(500);
    const bad = await admin.patch(`/api/admin/announcements/${created.body.id}`, { type: 'bogus' });
    expect(bad.status).toBe(400);
    const down = await admin.patch(`/api/admin/announcements/${created.body.id}`, { isActive: false });
    expect(down.status).toBe(200);
    expect(await auditCount()).toBe(before + 2 + (nul.status === 200 ? 1 : 0));
  });

  it('audit log filters with odd dates, ids and pages answer 200 or 400, never 500', async () => {
    for (const query of [
      'from=0001-01-01T00:00:00Z&to=9999-12-31T23:59:59.999Z',
      'to=0999-01-01T00:00:00Z',
      'to=9999-12-31T23:59:59Z',
      'from=2026-02-30T00:00:00Z',
      'from=2026-11-23T12:00:00%2B14:00',
      'from=2026-11-23T12:00:00-12:00&to=2026-11-23T12:00:00%2B14:00',
      'adminId=1e309',
      'adminId=-1',
      "targetId=1'%3B%20drop",
      'targetId=%00',
      'page=100000',
      'page=1e9',
      'page=0',
      'action=bogus',
    ]) {
      const res = await admin.get(`/api/admin/audit-log?${query}`);
      expect([200, 400], `${query}: ${JSON.stringify(res.body).slice(0, 200)}`).toContain(res.status);
      if (res.status === 400) isError(res.body);
    }
  });
});

describe('checked: the catalog', () => {
  it('q with tsquery/SQL syntax, punctuation, NUL, emoji and 200 characters is a normal search (200)', async () => {
    for (const q of [
      '&',
      '|',
      '!',
      ':*',
      "'",
      '\\',
      '(',
      "o'brien & (clean | !x):*",
      '...',
      '%',
      '_',
      '🧹',
      'a'.repeat(200),
      'x\u0000y',
    ]) {
      const res = await client().get(`/api/providers?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    }
    const long = await client().get(`/api/providers?q=${'a'.repeat(10_000)}`);
    expect(long.status).toBe(400);
    isError(long.body);
  });

  it('accents: cafe, café, creme and patisserie all find Café Crème Traiteur', async () => {
    for (const q of ['cafe', 'café', 'creme', 'patisserie', 'pâtisserie', 'CAFÉ']) {
      const res = await client().get(`/api/providers?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(
        res.body.map((p: { id: number }) => p.id),
        q,
      ).toContain(cafeId);
    }
  });

  it('bad paging, prices, sorts, cities and categories are 400 { code, message }', async () => {
    for (const query of [
      'offset=-1',
      'offset=1e9',
      'limit=0',
      'limit=1000',
      'limit=-5',
      'minPrice=10&maxPrice=5',
      'minPrice=-1',
      'maxPrice=1e309',
      'sort=bogus',
      'location=atlantis',
      'category=nope',
      'category=home-cleaning&category=catering',
    ]) {
      const res = await client().get(`/api/providers?${query}`);
      expect(res.status, query).toBe(400);
      isError(res.body);
    }
  });

  it('an inactive provider is in no search, no provider/service page, no availability, and cannot be saved', async () => {
    for (const q of ['Zanzibar', 'Quixotic', 'hidden']) {
      const res = await client().get(`/api/providers?q=${q}`);
      expect(res.status).toBe(200);
      expect(res.body.map((p: { id: number }) => p.id)).not.toContain(hiddenId);
    }
    for (const url of [
      `/api/providers/${hiddenId}`,
      `/api/providers/${hiddenId}/reviews`,
      `/api/providers/${hiddenId}/availability`,
    ]) {
      const res = await client().get(url);
      expect(res.status, url).toBe(404);
      isError(res.body);
    }
    const save = await customer.post('/api/saved-services', { providerId: hiddenId });
    expect(save.status).toBe(404);
    // A user's id as a provider id: 404 like any missing provider.
    expect((await client().get(`/api/providers/${adminUserId + 10_000}`)).status).toBe(404);
  });

  for (const [label, query] of [
    ['price ascending', 'category=pet-grooming&sort=price_asc'],
    ['price descending', 'category=pet-grooming&sort=price_desc'],
    ['quality (default)', 'category=pet-grooming'],
    ['rating', 'category=pet-grooming&sort=rating_desc'],
    ['words, by price', 'q=groomer&sort=price_asc'],
    ['words, by relevance', 'q=groomer%20bath'],
  ] as const) {
    it(`paging ${label} through 130 providers with tied prices: each once, none missing`, async () => {
      for (const limit of [7, 50, 100]) {
        const { ids, total } = await pageThrough(query, limit);
        expect(new Set(ids).size, `limit ${limit}`).toBe(ids.length);
        expect(ids.length, `limit ${limit}`).toBe(TIES);
        expect(total).toBe(100);
      }
    });
  }
});

// Last: it moves the clock a week on.
describe('bugs: the audit log', () => {
  it('running the payouts (money leaving for partners) is recorded in the audit log', async () => {
    // docs/decisions/009: "A new admin action must call recordAdminAction"; §12 "each change in the
    // audit log". POST /api/admin/payouts/run pays partners and leaves no entry.
    const sparkle = (
      await ctx.database.db
        .select({ id: providers.id })
        .from(providers)
        .where(eq(providers.name, 'Sparkle Co'))
    )[0]!.id;
    const buyer = await signedInCustomer(ctx, {
      email: 'atk.buyer@example.com',
      fullName: 'Bea Buyer',
      ip: '10.72.0.1',
    });
    const { bookingId } = await bookAndPay(buyer, {
      providerId: sparkle,
      serviceDate: torontoAt(10, '2026-11-24'),
      extra: AT_HOME,
    });
    clock.set(torontoAt(10, '2026-11-24'));
    const done = await partner.patch(`/api/partner/bookings/${bookingId}`, { action: 'complete' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    clock.set(new Date(Date.parse('2026-11-30T14:00:00Z')).toISOString());
    const before = await auditCount();
    const run = await admin.post('/api/admin/payouts/run', {});
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.created).toBe(1);
    const log = await admin.get('/api/admin/audit-log');
    expect(log.status).toBe(200);
    expect(await auditCount()).toBe(before + 1);
  });
});
