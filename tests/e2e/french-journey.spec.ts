import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasBrowser,
  launchBrowser,
  newPage,
  PHONE,
  type RunningServer,
  startTestServer,
} from '../support/browser';
import { CUSTOMER, pickFreeTime, type SeededProvider } from '../support/booking-journey';
import { emailsTo } from '../support/outbox';

/**
 * Issue 21: the whole booking journey in French on a phone, from /fr to "Réservation confirmée" and
 * My Bookings, with no English word visible on the way, and the customer's e-mail in French. What a
 * partner wrote (names, descriptions, service names), what customers wrote (reviews), place names and
 * brand names are the only English allowed: the allowlist is built from the demo data itself.
 */

/**
 * Common English words of the screens that are not French words too ("service", "date", "total",
 * "notes", "code", "minutes", "message", "promo", "on", "or", "plus" are both, so they are not here).
 */
const ENGLISH_WORDS = new Set(
  `the and your you yours book booking bookings booked sign signed signing login logout cancel cancelled
  pay paid payment payments time times next back continue confirm confirmed fee fees with for now view
  details select choose search price prices hour hours day days today tomorrow review reviews rating
  ratings loading please try again save saved my about from more less all of to in at by is are be this
  that what how why not yes open opens closed close home help settings profile account email password
  phone address city street card secure securely upcoming past receipt add calendar provider providers
  professional professionals featured verified browse amount summary schedule required almost there
  available unavailable held new get it we our us will can has have here see show shows read write
  edit change changes sort filter filters results found no any only per visit each week month year
  reference status location customer cancellation policy refund refunded full free first last name
  full-name phone apply remove applied expiry cardholder number processing thank thanks welcome
  which when where who out up`
    .split(/\s+/)
    .filter(Boolean),
);

/** Names that are the same in both languages (the hard-coded text test's list). */
const BRANDS = [
  'Trillium',
  'App Store',
  'Google Play',
  'Visa',
  'Mastercard',
  'American Express',
  'Google Calendar',
  'Outlook',
  'Apple',
  'CAD',
  'English',
  'Stripe',
];

/** Strings the journey may show as written: partner and customer content, and proper nouns. */
async function allowlistFrom(server: RunningServer, cookie: string): Promise<string[]> {
  const strings = new Set<string>(BRANDS);
  const add = (value: unknown) => {
    // Two letters (a province code) could be part of any word: only longer strings are taken out.
    if (typeof value === 'string' && value.trim().length > 2) strings.add(value.trim());
  };
  const get = async (path: string) =>
    (await fetch(`${server.url}${path}`, { headers: { cookie } })).json() as Promise<unknown>;

  const providers = (await get('/api/providers?limit=100')) as (SeededProvider & Record<string, unknown>)[];
  for (const provider of providers) {
    // The partner's own words and places (docs/product.md: provider content shows as written).
    for (const key of ['name', 'description', 'city', 'location', 'streetAddress', 'province'])
      add(provider[key]);
    for (const offered of (provider.servicesOffered as string[]) ?? []) add(offered);
    for (const service of provider.services as unknown as Record<string, unknown>[]) {
      add(service.name);
      add(service.description);
    }
    // What customers wrote about them, and the partner's replies, with the reviewers' names.
    const reviews = await get(`/api/providers/${provider.id}/reviews?limit=50`);
    const walk = (value: unknown, key = '') => {
      if (Array.isArray(value)) for (const item of value) walk(item, key);
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
      else if (/comment|reply|author|name|text|body/i.test(key)) add(value);
    };
    walk(reviews);
  }
  // The customer's own name and address, as they gave them.
  const user = (await get('/api/user')) as Record<string, unknown>;
  for (const [key, value] of Object.entries(user))
    if (!['language', 'role', 'status'].includes(key)) add(value);
  // The promotions and announcements the home page shows are Trillium's own content: none may be English.
  return [...strings].sort((a, b) => b.length - a.length);
}

/** The English words in a text once every allowlisted string is taken out. */
export function englishWordsIn(text: string, allowlist: string[]): string[] {
  // A link's address is not a sentence (`/fr/bookings`).
  let rest = text.replace(/https?:\/\/\S+/g, ' ');
  for (const allowed of allowlist) rest = rest.split(allowed).join(' ');
  const words = rest.match(/[A-Za-zÀ-ÿ’'-]+/g) ?? [];
  return [...new Set(words.filter((word) => ENGLISH_WORDS.has(word.toLowerCase())))];
}

describe.skipIf(!hasBrowser())('the booking journey in French, on a phone', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('books and pays from /fr to "Réservation confirmée" and My Bookings, with no English word on the way', async () => {
    // The demo customer speaks French: their account says so (as if chosen on another visit).
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(CUSTOMER),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const language = await fetch(`${server.url}/api/user/language`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify({ language: 'fr' }),
    });
    expect(language.status).toBe(200);
    const allowlist = await allowlistFrom(server, cookie);
    const seededNotifications = (
      (await (await fetch(`${server.url}/api/notifications`, { headers: { cookie } })).json()) as {
        title: string;
        message: string;
      }[]
    ).flatMap((n) => [n.title, n.message]);
    // The allowlist takes out names and what partners wrote, never the screens' own words.
    expect(englishWordsIn('Your booking is confirmed: View Details, Pay now', allowlist)).toEqual([
      'Your',
      'booking',
      'is',
      'confirmed',
      'View',
      'Details',
      'Pay',
      'now',
    ]);

    const { page, errors, context } = await newPage(browser, PHONE);
    const seen: { step: string; english: string[] }[] = [];
    /** Reads the page's visible text at a step of the journey and notes any English word in it. */
    const look = async (step: string, at: Page = page, alsoAllowed: string[] = []) => {
      const text = await at.evaluate(() => document.body.innerText);
      seen.push({ step, english: englishWordsIn(text, [...alsoAllowed, ...allowlist]) });
      expect(await at.locator('html').getAttribute('lang'), step).toBe('fr-CA');
      // Nothing wider than the phone.
      expect(
        await at.evaluate(() => document.documentElement.scrollWidth),
        `${step}: wider than the phone`,
      ).toBeLessThanOrEqual(390);
    };

    // The French home page, then a category.
    await page.goto(`${server.url}/fr`);
    await look('home /fr');
    const providers = (await (
      await fetch(`${server.url}/api/providers?limit=100`)
    ).json()) as (SeededProvider & {
      category: { slug: string };
    })[];
    const categoryLink = page.locator('main a[href*="/fr/services?category="]').first();
    await categoryLink.scrollIntoViewIfNeeded();
    const href = (await categoryLink.getAttribute('href'))!;
    const slug = new URL(href, server.url).searchParams.get('category')!;
    await categoryLink.click();
    await page.waitForURL(/\/fr\/services\?/);
    const provider = providers.find((p) => p.category.slug === slug && p.services.length > 0)!;
    expect(provider, `a provider with services in ${slug}`).toBeTruthy();
    await page.getByText(provider.name).first().waitFor();
    await look('listing');

    // The provider's page.
    await page
      .locator(`a[href$="/provider/${provider.id}"], a[href$="/service/${provider.id}"]`)
      .first()
      .click();
    await page.waitForURL(new RegExp(`/fr/(provider|service)/${provider.id}`));
    await page.getByRole('heading', { name: provider.name, level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Politique d’annulation' }).waitFor();
    await look('provider page');
    const service = provider.services[0]!.name;
    await page.getByRole('button', { name: `Réserver\u00a0: ${service}` }).click();
    await page.waitForURL('**/fr/booking-confirmation');
    await page.getByRole('heading', { name: 'Résumé de la réservation' }).waitFor();
    await look('booking page');

    // A date, then a time (not the earliest: tests/support/booking-journey.ts, pickFreeTime).
    const time = await pickFreeTime(page, { date: 'Choisir la date', time: /^Choisir l’heure/ });
    // The French way, its spaces non-breaking (dates.ts).
    expect(time).toMatch(/^\d{1,2}\u00a0h\u00a0\d{2}$/);
    await page.getByText('Date et heure choisies').waitFor();
    await look('date and time chosen');

    // Signing in without leaving the booking.
    await page.getByRole('button', { name: 'Connectez-vous pour continuer' }).click();
    const signIn = page.getByRole('dialog', { name: 'Connectez-vous pour continuer' });
    await signIn.getByLabel('Courriel').fill(CUSTOMER.email);
    await look('sign-in dialog');
    await signIn.getByLabel('Mot de passe', { exact: true }).fill(CUSTOMER.password);
    await signIn.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.getByText('Bon retour! Vous êtes connecté et prêt à réserver.').waitFor();
    await page.getByText('Montant total').waitFor();
    await look('signed in, details');

    // Paying with the sandbox card.
    await page.getByRole('button', { name: 'Payer maintenant' }).click();
    const payment = page.getByRole('dialog', { name: 'Paiement sécurisé' });
    await payment.getByRole('heading', { name: 'Résumé du paiement' }).waitFor();
    await payment.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
    await payment.getByLabel('Expiration').fill('1230');
    await payment.getByLabel('CVC').fill('123');
    await look('secure payment');
    await payment.getByRole('button', { name: /^Payer [\d\s]+,\d{2}\s\$ en toute sécurité$/ }).click();

    const confirmed = page.getByRole('dialog', { name: 'Réservation confirmée' });
    await confirmed.waitFor();
    const details = (await confirmed.textContent()) ?? '';
    const reference = /TR-[23456789A-HJKMNP-TV-Z]{6}/.exec(details)?.[0];
    expect(reference).toBeTruthy();
    expect(details).toContain(service);
    await look('Réservation confirmée');
    await confirmed.getByRole('button', { name: 'Continuer' }).click();
    await page.getByRole('heading', { name: 'Réservation confirmée', level: 1 }).waitFor();
    await look('booking confirmed page');

    // My Bookings, in French.
    await page.getByRole('link', { name: 'Mes réservations' }).first().click();
    await page.waitForURL('**/fr/bookings');
    await page.getByRole('heading', { name: 'Mes réservations', level: 1 }).waitFor();
    const card = page.locator('article').filter({ hasText: service }).first();
    await card.getByText('Confirmée').waitFor();
    await card.getByText(/Réservé il y a \d+ minutes?/).waitFor();
    await look('Mes réservations');
    await card.getByRole('button', { name: `Voir les détails\u00a0: ${service}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Détails de la réservation' });
    await dialog.getByText(reference!).first().waitFor();
    await look('booking details');
    await page.screenshot({ path: 'test-results/fr-booking-details-phone.png' }).catch(() => undefined);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.screenshot({ path: 'test-results/fr-my-bookings-phone.png' }).catch(() => undefined);

    // The rest of the customer's own screens, in French too.
    for (const [path, heading] of [
      ['/fr/profile', null],
      ['/fr/settings', 'Paramètres du compte'],
      ['/fr/saved-services', 'Services enregistrés'],
      ['/fr/notifications', 'Notifications'],
      ['/fr/help-support', 'Aide et soutien'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page
        .getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) })
        .first()
        .waitFor();
      await page
        .locator('[role="status"][aria-label]')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      if (path === '/fr/notifications') {
        // This booking's notifications are French; the demo data's older ones were written in English,
        // the account's language when they were seeded: those are taken out by name.
        await page.getByText('Réservation confirmée', { exact: true }).first().waitFor();
        await page.getByText('Paiement reçu', { exact: true }).first().waitFor();
        await look(path, page, seededNotifications);
      } else await look(path);
      await page
        .screenshot({ path: `test-results/fr-${path.slice(4)}-phone.png`, fullPage: true })
        .catch(() => undefined);
    }

    const english = seen.filter((s) => s.english.length > 0);
    if (english.length > 0) console.log(JSON.stringify(english, null, 1));
    expect(
      english,
      'English words visible on the way (translate them, or add proper nouns from the data)',
    ).toEqual([]);
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();

    // The confirmation e-mail, in the account's language.
    const confirmation = async () =>
      (await emailsTo(server.database.db, CUSTOMER.email)).find((m) => m.textBody.includes(reference!));
    await expect.poll(confirmation, { timeout: 15_000 }).toBeTruthy();
    const mail = await confirmation();
    expect(mail, 'the booking confirmation e-mail').toBeTruthy();
    expect(mail!.subject).toBe(`Réservation confirmée\u00a0: ${service} (${reference})`);
    expect(mail!.textBody).toContain('Votre réservation est confirmée');
    expect(englishWordsIn(`${mail!.subject}\n${mail!.textBody}`, allowlist)).toEqual([]);
  });
});
