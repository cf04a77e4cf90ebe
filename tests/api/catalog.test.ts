import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationBodySchema } from '../../src/shared/contract/applications';
import { providersResponseSchema, providerSchema } from '../../src/shared/contract/catalog';
import { reviewsResponseSchema } from '../../src/shared/contract/reviews';
import { HOME_CITIES } from '../../src/shared/domain/ontario';
import { documents, providerApplications, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/db/seed/demo';
import { insertProvider, insertReview } from '../../src/server/db/seed/factories';
import { fixedClock } from '../../src/server/clock';
import { createLocalStorage, uploadsFolder } from '../../src/server/modules/applications/storage';
import { createTestApp, type TestContext } from '../support/app';
import { openTestDatabase } from '../support/database';
import { type Client, createClient } from '../support/http';

let ctx: TestContext;
let dataDir: string;
const NOW = new Date('2026-11-22T15:00:00Z');
// The seed stores the applications' documents where the app serves uploads from.
const storage = () => createLocalStorage(uploadsFolder(dataDir));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trillium-catalog-'));
  ctx = await createTestApp({
    clock: fixedClock(NOW),
    env: { DATA_DIR: dataDir },
    seed: async ({ db }) => void (await seedDemo(db, { now: NOW, storage: storage() })),
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function get(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

describe('GET /api/categories', () => {
  it('lists at least 15 categories with every slug the spec names', async () => {
    const { status, body } = await get('/api/categories');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(15);
    const slugs = body.map((c: { slug: string }) => c.slug);
    for (const slug of [
      'tax-services',
      'tax-filing',
      'baby-sitting',
      'home-cleaning',
      'car-detailing',
      'astrology',
      'salon-services',
    ]) {
      expect(slugs).toContain(slug);
    }
    expect(Object.keys(body[0]).sort()).toEqual(['id', 'name', 'slug']);
  });
});

describe('GET /api/providers', () => {
  it('answers providers with every field of the spec and the total in X-Total-Count', async () => {
    const { status, body, headers } = await get('/api/providers');
    expect(status).toBe(200);
    expect(providersResponseSchema.parse(body)).toHaveLength(50);
    expect(Number(headers['x-total-count'])).toBeGreaterThanOrEqual(60);
    const provider = body[0];
    for (const field of [
      'id',
      'name',
      'description',
      'imageUrl',
      'isFeatured',
      'isVerified',
      'rating',
      'reviewCount',
      'city',
      'province',
      'location',
      'categoryId',
      'price',
      'priceUnit',
      'servicesOffered',
    ]) {
      expect(provider).toHaveProperty(field);
    }
  });

  it('spreads the demo providers over all eight home-page cities', async () => {
    for (const city of HOME_CITIES) {
      const { body, headers } = await get(`/api/providers?location=${city.value}`);
      expect(Number(headers['x-total-count']), city.value).toBeGreaterThanOrEqual(3);
      expect(body.every((p: { citySlug: string }) => p.citySlug === city.value)).toBe(true);
    }
  });

  it('pages with limit and offset without overlap', async () => {
    const first = await get('/api/providers?limit=6&offset=0');
    const second = await get('/api/providers?limit=6&offset=6');
    expect(first.body).toHaveLength(6);
    expect(second.body).toHaveLength(6);
    const ids = new Set([...first.body, ...second.body].map((p: { id: number }) => p.id));
    expect(ids.size).toBe(12);
    expect(first.headers['x-total-count']).toBe(second.headers['x-total-count']);
  });

  it('filters by category slug and by price range in dollars (all-in, as the cards show), inclusive', async () => {
    const { body } = await get('/api/providers?category=home-cleaning&limit=100');
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((p: { category: { slug: string } }) => p.category.slug === 'home-cleaning')).toBe(true);

    const all = (await get('/api/providers?limit=100')).body as { allInPrice: number }[];
    const exact = all[0]!.allInPrice;
    const ranged = await get(`/api/providers?minPrice=${exact}&maxPrice=${exact}&limit=100`);
    expect(ranged.body.length).toBeGreaterThan(0);
    expect(ranged.body.every((p: { allInPrice: number }) => p.allInPrice === exact)).toBe(true);
  });

  it('sorts by price both ways and by rating', async () => {
    const asc = (await get('/api/providers?sort=price_asc&limit=100')).body.map(
      (p: { price: number }) => p.price,
    );
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await get('/api/providers?sort=price_desc&limit=100')).body.map(
      (p: { price: number }) => p.price,
    );
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const rated = (await get('/api/providers?sort=rating_desc&limit=100')).body.map(
      (p: { rating: number | null }) => p.rating ?? -1,
    );
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
  });

  it('finds text in names, services and categories, case-insensitively', async () => {
    const byService = await get('/api/providers?q=BALAYAGE');
    expect(byService.body.length).toBeGreaterThan(0);
    expect(
      byService.body.every((p: { servicesOffered: string[] }) =>
        p.servicesOffered.some((s) => s.includes('Balayage')),
      ),
    ).toBe(true);
    const byName = await get('/api/providers?q=maple%20leaf');
    expect(byName.body[0].name).toBe('Maple Leaf Maids');
    const byCategory = await get('/api/providers?q=plumbing');
    expect(byCategory.body.length).toBeGreaterThanOrEqual(4);
  });

  it('tolerates a typo: cleening finds cleaning', async () => {
    const { body } = await get('/api/providers?q=cleening');
    expect(body.length).toBeGreaterThan(0);
    expect(body.some((p: { category: { slug: string } }) => p.category.slug === 'home-cleaning')).toBe(true);
  });

  it('treats hostile text as a normal search', async () => {
    for (const q of [
      "'; drop table providers; --",
      '%',
      '_',
      '\\',
      '<script>alert(1)</script>',
      ':*&|!()',
      'x'.repeat(200),
      '😀',
    ]) {
      const res = await get(`/api/providers?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    }
    expect((await get('/api/providers')).headers['x-total-count']).toBe('64');
  });

  it('answers an empty list for a term that matches nothing', async () => {
    const { status, body, headers } = await get('/api/providers?q=zqxjvkw');
    expect(status).toBe(200);
    expect(body).toEqual([]);
    expect(headers['x-total-count']).toBe('0');
  });

  it.each([
    ['minPrice=abc', 'minPrice'],
    ['maxPrice=-5', 'maxPrice'],
    ['sort=bogus', 'sort'],
    ['limit=-1', 'limit'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=zz', 'offset'],
    ['location=Not%20A%20City', 'location'],
    ['location=paris', 'location'],
    ['category=no-such-category', 'category'],
    ['minPrice=90&maxPrice=10', 'minPrice'],
    ['q=a&q=b', 'q'],
    [`q=${'y'.repeat(201)}`, 'q'],
  ])('refuses %s with a 400 that names %s', async (query, parameter) => {
    const { status, body } = await get(`/api/providers?${query}`);
    expect(status).toBe(400);
    expect(body.code).toEqual(expect.any(String));
    expect(body.message).toContain(parameter);
  });
});

describe('GET /api/providers/:id', () => {
  it('answers one provider', async () => {
    const { status, body } = await get('/api/providers/1');
    expect(status).toBe(200);
    expect(providerSchema.parse(body).id).toBe(1);
    expect(body.availabilityText).toBe('Mon - Sat, 8AM - 6PM');
  });

  it.each(['999999', 'abc', '0', '-1', '1.5', '99999999999'])('answers a JSON error for %s', async (id) => {
    const { status, body } = await get(`/api/providers/${id}`);
    expect([400, 404]).toContain(status);
    expect(body).toEqual({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('GET /api/providers/:id/reviews', () => {
  it('lists reviews newest first with the author name and the booking when tied to one', async () => {
    const { status, body } = await get('/api/providers/1/reviews');
    expect(status).toBe(200);
    const reviews = reviewsResponseSchema.parse(body);
    expect(reviews.length).toBeGreaterThan(0);
    const dates = reviews.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(reviews[0]!.user.fullName).toMatch(/\w+ \w+/);
  });

  it('has at least 200 demo reviews, some tied to bookings, and keeps rating and count in step', async () => {
    const providers = (await get('/api/providers?limit=100')).body as {
      id: number;
      rating: number | null;
      reviewCount: number;
    }[];
    let total = 0;
    let verified = 0;
    for (const p of providers) {
      const reviews = (await get(`/api/providers/${p.id}/reviews`)).body as {
        rating: number;
        bookingId: number | null;
      }[];
      total += reviews.length;
      verified += reviews.filter((r) => r.bookingId !== null).length;
      expect(p.reviewCount).toBe(reviews.length);
      const average = reviews.length
        ? Math.round((reviews.reduce((s, r) => s + r.rating, 0) / reviews.length) * 10) / 10
        : null;
      expect(p.rating).toBe(average);
    }
    expect(total).toBeGreaterThanOrEqual(200);
    expect(verified).toBeGreaterThan(0);
  });

  it('updates the rating when a review arrives', async () => {
    const id = await insertProvider(ctx.database.db, {
      name: 'Rating Check Co',
      categoryId: 1,
      city: 'toronto',
    });
    expect((await get(`/api/providers/${id}`)).body).toMatchObject({ rating: null, reviewCount: 0 });
    await insertReview(ctx.database.db, { providerId: id, rating: 5, comment: 'Great', authorName: 'A B' });
    await insertReview(ctx.database.db, { providerId: id, rating: 4, comment: 'Good', authorName: 'C D' });
    // Writes made outside the app's usecases must say so, as every catalog write does.
    ctx.app.deps.catalogCache.invalidate();
    expect((await get(`/api/providers/${id}`)).body).toMatchObject({ rating: 4.5, reviewCount: 2 });
  });

  it('answers 404 for a missing provider', async () => {
    expect((await get('/api/providers/424242/reviews')).status).toBe(404);
  });
});

describe('content', () => {
  it('lists only promotions that are active and within their dates', async () => {
    const { status, body } = await get('/api/promotions');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    const now = NOW.getTime();
    for (const p of body) {
      expect(p.isActive).toBe(true);
      expect(new Date(p.startDate).getTime()).toBeLessThanOrEqual(now);
      expect(new Date(p.endDate).getTime()).toBeGreaterThanOrEqual(now);
    }
    expect(body.map((p: { title: string }) => p.title)).not.toContain('Tax Season Early Bird');
  });

  it('lists announcements newest first, each of a known type', async () => {
    const { body } = await get('/api/announcements');
    const dates = body.map((a: { publishedDate: string }) => a.publishedDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(body.map((a: { type: string }) => a.type))).toEqual(
      new Set(['update', 'important', 'info']),
    );
  });
});

describe('the server', () => {
  it('answers health with the database kind', async () => {
    const { status, body } = await get('/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const { status, body } = await get('/api/definitely-not-here');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'not_found', message: expect.stringContaining('/api/definitely-not-here') });
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3/);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/providers', '/api/providers/{id}', '/api/categories']),
    );
  });

  it('running the demo seed again changes nothing', async () => {
    const rows = async () => {
      const db = ctx.database.db;
      const [[a], [d], [u]] = await Promise.all([
        db.select({ n: count() }).from(providerApplications),
        db.select({ n: count() }).from(documents),
        db.select({ n: count() }).from(users),
      ]);
      return { applications: a!.n, documents: d!.n, users: u!.n, files: readdirSync(uploadsFolder(dataDir)) };
    };
    const before = (await get('/api/providers')).headers['x-total-count'];
    const rowsBefore = await rows();
    await seedDemo(ctx.database.db, { now: NOW, storage: storage() });
    expect((await get('/api/providers')).headers['x-total-count']).toBe(before);
    expect(await rows()).toEqual(rowsBefore);
  });
});

describe('demo professional applications', () => {
  type Application = {
    id: number;
    status: string;
    city: string;
    businessName: string;
    category: string | null;
    providerId: number | null;
    adminNotes: string | null;
    emailVerified: boolean;
    documents: string[];
    files: { filename: string; kind: string; mimeType: string; sizeBytes: number; originalName: string }[];
  };
  let applications: Application[];
  let admin: Client;

  beforeAll(async () => {
    admin = createClient(ctx);
    await admin.login('admin@example.com', DEMO_PASSWORD);
    const res = await admin.get('/api/admin/applications');
    expect(res.status).toBe(200);
    applications = res.body;
  });

  it('gives the admin pending applications to review, in different cities, one approved and one rejected', () => {
    const pending = applications.filter((a) => a.status === 'pending');
    expect(pending.length).toBeGreaterThanOrEqual(3);
    expect(new Set(pending.map((a) => a.city)).size).toBe(pending.length);
    expect(pending.some((a) => a.emailVerified)).toBe(true);
    expect(applications.map((a) => a.status).sort()).toEqual([
      'approved',
      'pending',
      'pending',
      'pending',
      'rejected',
    ]);
    const rejected = applications.find((a) => a.status === 'rejected')!;
    expect(rejected.adminNotes).toMatch(/insurance/i);
  });

  it('records the demo partner listing as the approved application it came from', async () => {
    const approved = applications.find((a) => a.status === 'approved')!;
    expect(approved).toMatchObject({ businessName: 'Maple Leaf Maids', category: 'Home Cleaning' });
    const listing = (await get(`/api/providers/${approved.providerId}`)).body;
    expect(listing.name).toBe('Maple Leaf Maids');
    const partner = createClient(ctx);
    await partner.login('partner@example.com', DEMO_PASSWORD);
    expect((await partner.get('/api/user/partner-status')).body).toMatchObject({
      isPartner: true,
      providerId: approved.providerId,
    });
  });

  it('holds what the registration form would accept', async () => {
    const rows = await ctx.database.db.select().from(providerApplications);
    for (const row of rows) {
      const parsed = applicationBodySchema.safeParse({
        ...row,
        // Not stored with the application; any password the form accepts.
        password: 'Maple!Syrup42',
        confirmPassword: 'Maple!Syrup42',
        agreedToTerms: true,
      });
      expect(parsed.error?.issues, row.businessName).toBeUndefined();
    }
  });

  it('writes no new file when another demo database is seeded into the same uploads folder', async () => {
    const files = readdirSync(uploadsFolder(dataDir)).sort();
    expect(files.length).toBeGreaterThan(0);
    const other = await openTestDatabase();
    try {
      await seedDemo(other.db, { now: new Date(NOW.getTime() + 3 * 86_400_000), storage: storage() });
      expect(readdirSync(uploadsFolder(dataDir)).sort()).toEqual(files);
    } finally {
      await other.close();
    }
  });

  it('has real documents that the admin downloads through the app', async () => {
    for (const application of applications) {
      expect(application.documents.length, application.businessName).toBeGreaterThan(0);
      expect(application.files.map((f) => f.filename)).toEqual(application.documents);
      for (const file of application.files) {
        expect(file).toMatchObject({ kind: 'document', mimeType: 'application/pdf' });
        const res = await admin.get(`/api/documents/${file.filename}`);
        expect(res.status, file.filename).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.raw.rawPayload.length).toBe(file.sizeBytes);
        expect(res.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        expect(res.raw.rawPayload.subarray(-6).toString()).toBe('%%EOF\n');
      }
    }
  });
});
