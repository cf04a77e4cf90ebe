import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { createTestApp, type TestContext } from '../support/app';
import { createClient } from '../support/http';

/**
 * French-speaking providers (issue 21): a partner declares the languages they serve in on their
 * listing (English, French or both, at least one), every provider answer carries them
 * (`serviceLanguages`), and search's `lang=fr` keeps the ones who serve in French, read from the
 * partial index kept for it (search_listings_french_quality_idx).
 */

const clock = fixedClock('2026-11-23T12:00:00Z');
let ctx: TestContext;
let bilingualId: number;
let frenchOnlyId: number;
let englishId: number;
let ownedId: number;
let ip = 0;
const client = () => createClient(ctx, { ip: `10.31.0.${++ip}` });

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    seed: async ({ db }) => {
      const cleaning = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
      const legal = await insertCategory(db, { name: 'Legal Services', slug: 'legal-services' });
      const owner = await insertUser(db, {
        email: 'rene@example.com',
        fullName: 'René Partner',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      bilingualId = await insertProvider(db, {
        name: 'Ménage Rideau',
        description: 'Entretien ménager résidentiel, en français ou en anglais.',
        categoryId: cleaning,
        city: 'ottawa',
        isFeatured: true,
        serviceLanguages: ['en', 'fr'],
        services: [{ name: 'Grand ménage', priceCents: 12000 }],
      });
      frenchOnlyId = await insertProvider(db, {
        name: 'Notaire Beauchamp',
        description: 'Services notariaux offerts en français.',
        categoryId: legal,
        city: 'toronto',
        serviceLanguages: ['fr'],
        services: [{ name: 'Notarisation', priceCents: 5000 }],
      });
      englishId = await insertProvider(db, {
        name: 'Bytown Cleaners',
        categoryId: cleaning,
        city: 'ottawa',
        services: [{ name: 'Deep Cleaning', priceCents: 11000 }],
      });
      ownedId = await insertProvider(db, {
        name: 'Sparkle Ottawa',
        categoryId: cleaning,
        city: 'ottawa',
        ownerUserId: owner,
        services: [{ name: 'Deep Cleaning', priceCents: 9000 }],
      });
    },
  });
});
afterAll(() => ctx.close());

const ids = (body: { id: number }[]) => body.map((p) => p.id).sort((a, b) => a - b);

describe('the French-speaking filter', () => {
  it('keeps only providers who serve in French, with any other filter', async () => {
    const all = await client().get('/api/providers');
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([bilingualId, frenchOnlyId, englishId, ownedId].sort((a, b) => a - b));

    const french = await client().get('/api/providers?lang=fr');
    expect(french.status).toBe(200);
    expect(ids(french.body)).toEqual([bilingualId, frenchOnlyId].sort((a, b) => a - b));
    expect(french.headers['x-total-count']).toBe('2');
    // In the default order: the featured one first.
    expect(french.body[0].id).toBe(bilingualId);

    const inOttawa = await client().get('/api/providers?lang=fr&location=ottawa&category=home-cleaning');
    expect(ids(inOttawa.body)).toEqual([bilingualId]);
    const searched = await client().get('/api/providers?lang=fr&q=cleaning');
    expect(ids(searched.body)).toEqual([bilingualId]);
  });

  it('answers each provider’s languages', async () => {
    const answer = await client().get(`/api/providers/${bilingualId}`);
    expect(answer.body.serviceLanguages).toEqual(['en', 'fr']);
    expect((await client().get(`/api/providers/${frenchOnlyId}`)).body.serviceLanguages).toEqual(['fr']);
    expect((await client().get(`/api/providers/${englishId}`)).body.serviceLanguages).toEqual(['en']);
  });

  it('refuses a language it has no filter for', async () => {
    for (const lang of ['en', 'es', 'FR', '']) {
      const res = await client().get(`/api/providers?lang=${lang}`);
      expect(res.status, lang).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
  });

  it('is served by the partial index kept for it', async () => {
    const { db } = ctx.database;
    await db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await queryRows<Record<string, string>>(
        db,
        sql`explain select p.id from search_listings p
          where p.is_active and 'fr' = any(p.service_languages)
          order by p.is_featured desc nulls last, p.rating desc nulls last, p.review_count desc nulls last, p.id asc
          limit 20`,
      );
      expect(plan.map((row) => Object.values(row)[0]).join('\n')).toContain(
        'search_listings_french_quality_idx',
      );
    } finally {
      await db.execute(sql`reset enable_seqscan`);
    }
  });
});

describe('a partner declares the languages they serve in', () => {
  const listing = { description: 'Careful, insured cleaners serving Ottawa and Gatineau.', city: 'ottawa' };

  it('starts in English, adds French, and shows up in the French-speaking search', async () => {
    const rene = client();
    await rene.login('rene@example.com', DEMO_PASSWORD);
    expect((await rene.get('/api/partner/listing')).body.serviceLanguages).toEqual(['en']);

    const both = await rene.put('/api/partner/listing', { ...listing, serviceLanguages: ['fr', 'en'] });
    expect(both.status).toBe(200);
    expect(both.body.serviceLanguages).toEqual(['en', 'fr']);
    // The search cache is emptied: the filter finds the listing at once.
    expect(ids((await client().get('/api/providers?lang=fr')).body)).toContain(ownedId);
    expect((await client().get(`/api/providers/${ownedId}`)).body.serviceLanguages).toEqual(['en', 'fr']);

    // Leaving the field out keeps the languages.
    const kept = await rene.put('/api/partner/listing', listing);
    expect(kept.body.serviceLanguages).toEqual(['en', 'fr']);

    const frenchOnly = await rene.put('/api/partner/listing', { ...listing, serviceLanguages: ['fr'] });
    expect(frenchOnly.body.serviceLanguages).toEqual(['fr']);

    const english = await rene.put('/api/partner/listing', { ...listing, serviceLanguages: ['en'] });
    expect(english.body.serviceLanguages).toEqual(['en']);
    expect(ids((await client().get('/api/providers?lang=fr')).body)).not.toContain(ownedId);
  });

  it('needs at least one known language, each once', async () => {
    const rene = client();
    await rene.login('rene@example.com', DEMO_PASSWORD);
    for (const serviceLanguages of [[], ['de'], ['fr', 'fr'], ['en', 'fr', 'en'], 'fr', null]) {
      const res = await rene.put('/api/partner/listing', { ...listing, serviceLanguages });
      expect(res.status, JSON.stringify(serviceLanguages)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    const none = await rene.put('/api/partner/listing', { ...listing, serviceLanguages: [] });
    expect(none.body.message).toContain('Choose at least one language you serve customers in');
    const inFrench = await rene.request({
      method: 'PUT',
      url: '/api/partner/listing',
      body: { ...listing, serviceLanguages: [] },
      headers: { 'accept-language': 'fr-CA' },
    });
    expect(inFrench.body.message).toContain('Choisissez au moins une langue');
    expect((await rene.get('/api/partner/listing')).body.serviceLanguages).toEqual(['en']);
  });

  it('is the partner’s own: another person cannot change it', async () => {
    const stranger = client();
    const res = await stranger.put('/api/partner/listing', { ...listing, serviceLanguages: ['fr'] });
    expect(res.status).toBe(401);
  });
});
