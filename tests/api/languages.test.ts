import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertUser } from '../../src/server/db/seed/factories';
import { bookAndPay, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { insertPartnerListing } from '../support/partners';
import { type Client, createClient } from '../support/http';
import { runDueJobs } from '../support/jobs';
import { emailsTo, lastEmailTo } from '../support/outbox';

/**
 * English and French (docs/decisions/013-english-and-french.md): the API's `message` follows the
 * request's language; its `code` never changes.
 */

// Monday 23 November 2026, 7:00 AM in Toronto.
const clock = fixedClock('2026-11-23T12:00:00Z');
// Wednesday 25 November 2026, 10:00 AM in Toronto.
const WEDNESDAY_10AM = '2026-11-25T15:00:00.000Z';
const WEDNESDAY_11AM = '2026-11-25T16:00:00.000Z';

let ctx: TestContext;
let salonId: number;
beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    seed: async ({ db }) => {
      await insertUser(db, { email: 'known@example.com', fullName: 'Known Person', password: DEMO_PASSWORD });
      const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      ({ id: salonId } = await insertPartnerListing(db, {
        ownerEmail: 'salon.owner@example.com',
        ownerName: 'Sam Owner',
        name: 'Salon Rideau',
        categoryId: salon,
        city: 'ottawa',
        services: [{ name: 'Coupe', priceCents: 10000 }],
      }));
    },
  });
});
afterAll(() => ctx.close());

let ip = 0;
const freshIp = () => `10.21.0.${++ip}`;
const french = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' };

describe('error messages in the request language', () => {
  it('answers a refusal in French for a French request, with the same code', async () => {
    const client = createClient(ctx, { ip: freshIp() });
    const english = await client.post('/api/login', { email: 'known@example.com', password: 'Wrong!Pass99' });
    expect(english.status).toBe(401);
    expect(english.body).toEqual({ code: 'auth.invalid_credentials', message: 'Invalid email or password.' });

    const inFrench = await client.post(
      '/api/login',
      { email: 'known@example.com', password: 'Wrong!Pass99' },
      french,
    );
    expect(inFrench.status).toBe(401);
    expect(inFrench.body).toEqual({
      code: 'auth.invalid_credentials',
      message: 'Courriel ou mot de passe invalide.',
    });
  });

  it('translates a schema failure, naming the field as before', async () => {
    const client = createClient(ctx, { ip: freshIp() });
    const english = await client.post('/api/login', { email: 'not-an-email', password: 'x' });
    expect(english.status).toBe(400);
    expect(english.body.code).toBe('validation_failed');
    const inFrench = await client.post('/api/login', { email: 'not-an-email', password: 'x' }, french);
    expect(inFrench.status).toBe(400);
    expect(inFrench.body.code).toBe('validation_failed');
    expect(inFrench.body.message).toMatch(/^email: /);
    expect(inFrench.body.message).not.toBe(english.body.message);
  });

  it('translates the API not-found answer and keeps English for other languages', async () => {
    const client = createClient(ctx, { ip: freshIp() });
    const res = await client.request({ url: '/api/providers/999999', headers: french });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'providers.not_found', message: 'Ce professionnel est introuvable.' });
    const german = await client.request({
      url: '/api/providers/999999',
      headers: { 'accept-language': 'de' },
    });
    expect(german.body).toEqual({
      code: 'providers.not_found',
      message: 'The service provider was not found.',
    });
  });
});

/** Signs in and sets the account's language with the switch's call. */
async function speaking(client: Client, language: 'en' | 'fr') {
  const res = await client.put('/api/user/language', { language });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ language });
  expect((await client.get('/api/user')).body.language).toBe(language);
}

describe("the account's language", () => {
  it('is the language the account was created in, and the switch changes it', async () => {
    const client = createClient(ctx, { ip: freshIp() });
    const created = await client.post(
      '/api/register',
      { email: 'nouvelle@example.com', password: 'Maple!Syrup42', fullName: 'Nadia Nouvelle' },
      french,
    );
    expect(created.status).toBe(201);
    expect(created.body.language).toBe('fr');
    await speaking(client, 'en');
    const refused = await client.put('/api/user/language', { language: 'de' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
    expect((await client.get('/api/user')).body.language).toBe('en');
    const english = createClient(ctx, { ip: freshIp() });
    const englishAccount = await english.post('/api/register', {
      email: 'new.english@example.com',
      password: 'Maple!Syrup42',
      fullName: 'Ned English',
    });
    expect(englishAccount.body.language).toBe('en');
  });

  it('is refused to a visitor', async () => {
    const res = await createClient(ctx, { ip: freshIp() }).put('/api/user/language', { language: 'fr' });
    expect(res.status).toBe(401);
  });

  it("sends e-mails in the recipient's language, whatever language asked for them", async () => {
    const client = createClient(ctx, { ip: freshIp() });
    await client.login('known@example.com', DEMO_PASSWORD);
    await speaking(client, 'fr');
    // Asked in English, answered in the account's French.
    const asked = await createClient(ctx, { ip: freshIp() }).post('/api/forgot-password', {
      email: 'known@example.com',
    });
    expect(asked.status).toBe(200);
    await runDueJobs(ctx);
    const reset = await lastEmailTo(ctx.database.db, 'known@example.com');
    expect(reset?.subject).toBe('Réinitialisez votre mot de passe Trillium');
    expect(reset?.htmlBody).toContain('<html lang="fr-CA">');
    expect(reset?.link).toMatch(/\/fr\/auth\?tab=reset&token=/);
    await speaking(client, 'en');
    await createClient(ctx, { ip: freshIp() }).post(
      '/api/forgot-password',
      { email: 'known@example.com' },
      french,
    );
    await runDueJobs(ctx);
    const again = await lastEmailTo(ctx.database.db, 'known@example.com');
    expect(again?.subject).toBe('Reset your Trillium password');
    expect(again?.link).toMatch(/\/auth\?tab=reset&token=/);
    expect(again?.link).not.toContain('/fr/');
  });

  it('tells the customer in French and the partner in English about the same booking, then each in theirs', async () => {
    const customer = await signedInCustomer(ctx, {
      email: 'client.fr@example.com',
      fullName: 'Chantal Client',
      ip: freshIp(),
    });
    await speaking(customer, 'fr');
    await bookAndPay(customer, {
      providerId: salonId,
      serviceDate: WEDNESDAY_10AM,
      customerName: 'Chantal Client',
    });
    const confirmation = await lastEmailTo(ctx.database.db, 'client.fr@example.com');
    expect(confirmation?.subject).toMatch(/^Réservation confirmée\u00a0: Coupe \(TR-/);
    expect(confirmation?.textBody).toContain('mercredi 25 novembre 2026, 10\u00a0h\u00a000\u00a0HE');
    expect(confirmation?.textBody).toMatch(/Montant\u00a0: 103,39\s\$/);
    expect(confirmation?.textBody).toContain('Souple\u00a0: remboursement complet');
    expect(confirmation?.link).toContain('/fr/bookings');
    const toPartner = await lastEmailTo(ctx.database.db, 'salon.owner@example.com');
    expect(toPartner?.subject).toBe('New booking: Coupe on Wednesday, November 25, 2026 at 10:00 AM ET');
    expect(toPartner?.textBody).toContain('Service price: $100.00');
    // The in-app notifications too: each in the recipient's language.
    const titles = async (client: Client) =>
      ((await client.get('/api/notifications')).body as { title: string; message: string }[]).map(
        (n) => `${n.title}: ${n.message}`,
      );
    expect(await titles(customer)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Réservation confirmée: Coupe avec Salon Rideau le mercredi 25 novembre 2026, 10\u00a0h\u00a000\u00a0HE\. Référence TR-/,
        ),
        expect.stringMatching(/^Paiement reçu: Nous avons reçu votre paiement de 103,39\s\$ pour Coupe\.$/),
      ]),
    );

    const partner = createClient(ctx, { ip: freshIp() });
    await partner.login('salon.owner@example.com', DEMO_PASSWORD);
    await speaking(partner, 'fr');
    await speaking(customer, 'en');
    await bookAndPay(customer, {
      providerId: salonId,
      serviceDate: WEDNESDAY_11AM,
      customerName: 'Chantal Client',
    });
    const partnerMails = await emailsTo(ctx.database.db, 'salon.owner@example.com');
    expect(partnerMails.at(-1)?.subject).toBe(
      'Nouvelle réservation\u00a0: Coupe le mercredi 25 novembre 2026, 11\u00a0h\u00a000\u00a0HE',
    );
    expect(partnerMails.at(-1)?.textBody).toMatch(/Prix du service\u00a0: 100,00\s\$/);
    expect((await lastEmailTo(ctx.database.db, 'client.fr@example.com'))?.subject).toMatch(
      /^Booking confirmed: Coupe/,
    );
    const partnerNotes = await titles(partner);
    expect(partnerNotes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^New booking: Chantal Client booked Coupe on Wednesday, November 25, 2026 at 10:00 AM ET\./,
        ),
        expect.stringMatching(
          /^Nouvelle réservation: Chantal Client a réservé Coupe le mercredi 25 novembre 2026, 11\u00a0h\u00a000\u00a0HE\./,
        ),
      ]),
    );
    expect(await titles(customer)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Booking confirmed: Coupe with Salon Rideau on Wednesday/),
      ]),
    );

    // Moved, then cancelled by a French-speaking customer: told in French, the partner in theirs.
    await speaking(customer, 'fr');
    const { bookingId } = await bookAndPay(customer, {
      providerId: salonId,
      serviceDate: '2026-11-26T15:00:00.000Z',
      customerName: 'Chantal Client',
    });
    expect(
      (
        await customer.post(`/api/bookings/${bookingId}/reschedule`, {
          serviceDate: '2026-11-26T16:00:00.000Z',
        })
      ).status,
    ).toBe(200);
    expect((await customer.post(`/api/bookings/${bookingId}/cancel`)).status).toBe(200);
    expect(await titles(customer)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Réservation déplacée: La réservation Coupe avec Salon Rideau est déplacée du jeudi 26 novembre 2026, 10\u00a0h\u00a000\u00a0HE au jeudi 26 novembre 2026, 11\u00a0h\u00a000\u00a0HE\.$/,
        ),
        expect.stringMatching(
          /^Réservation annulée: La réservation Coupe avec Salon Rideau du jeudi 26 novembre 2026, 11\u00a0h\u00a000\u00a0HE est annulée\. .*remboursé\. Référence TR-/,
        ),
      ]),
    );
    expect(await titles(partner)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Réservation déplacée: Chantal Client a déplacé Coupe du jeudi/),
        expect.stringMatching(
          /^Réservation annulée: Chantal Client a annulé Coupe le jeudi 26 novembre 2026, 11\u00a0h\u00a000\u00a0HE\./,
        ),
      ]),
    );
  });
});
