import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  hasBrowser,
  launchBrowser,
  newPage,
  PHONE,
  type RunningServer,
  startTestServer,
} from '../support/browser';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';

/** English and French pages (docs/decisions/013-english-and-french.md). */
describe.skipIf(!hasBrowser())('English and French', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('serves /fr in French: <html lang>, the header, the hreflang twins, hydrated without a mismatch', async () => {
    const response = await fetch(`${server.url}/fr`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="fr-CA">');
    // Absolute addresses, from PUBLIC_URL.
    expect(html).toMatch(/<link rel="alternate" hreflang="en-CA" href="http:\/\/[^"/]+\/">/);
    expect(html).toMatch(/<link rel="alternate" hreflang="fr-CA" href="http:\/\/[^"/]+\/fr">/);
    expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="http:\/\/[^"/]+\/">/);
    expect(html).toContain('id="trillium-catalogs"');

    const { page, errors, context } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/fr`);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-CA');
    await expect
      .poll(() =>
        page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Accueil' }).count(),
      )
      .toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a French browser on its first visit with the French twin, and keeps a chosen English', async () => {
    const first = await fetch(`${server.url}/services?city=ottawa`, {
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
      redirect: 'manual',
    });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/fr/services?city=ottawa');
    const chosen = await fetch(`${server.url}/services`, {
      headers: { 'accept-language': 'fr-CA', cookie: 'trillium_lang=en' },
      redirect: 'manual',
    });
    expect(chosen.status).toBe(200);
    expect(await chosen.text()).toContain('<html lang="en-CA">');
    const english = await fetch(`${server.url}/services`, {
      headers: { 'accept-language': 'en-CA' },
      redirect: 'manual',
    });
    expect(english.status).toBe(200);
  });

  it('switches language on the same page from the phone menu, and remembers it', async () => {
    const { page, errors, context } = await newPage(browser, PHONE);
    await page.goto(`${server.url}/services?city=ottawa`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    // The menu's own link: before the sheet has opened, the footer's "Français" is the only one in the
    // accessibility tree, and a click resolved to it then lands on the sheet's overlay.
    await page.getByRole('dialog').getByRole('link', { name: 'Français' }).click();
    await page.waitForURL(`${server.url}/fr/services?city=ottawa`);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-CA');
    expect((await context.cookies()).find((c) => c.name === 'trillium_lang')?.value).toBe('fr');
    await page.goto(`${server.url}/`);
    await page.waitForURL(`${server.url}/fr`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows the account language when someone signs in, and a signed-in switch changes the account', async () => {
    // An account whose person chose French (on another device, say).
    const api = async (path: string, body: unknown, cookie?: string) =>
      fetch(`${server.url}${path}`, {
        method: path === '/api/user/language' ? 'PUT' : 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    const created = await api('/api/register', {
      email: 'francine@example.com',
      password: 'Maple!Syrup42',
      fullName: 'Francine Tremblay',
    });
    expect(created.status).toBe(201);
    const session = (
      created.headers.getSetCookie().find((c) => c.startsWith('trillium_session=')) ?? ''
    ).split(';')[0];
    expect((await api('/api/user/language', { language: 'fr' }, session)).status).toBe(200);

    const { page, errors, context } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/auth?tab=login`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill('francine@example.com');
    await form.getByLabel('Password', { exact: true }).fill('Maple!Syrup42');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/fr'));
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-CA');

    // Back to English with the switch: the account follows.
    await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/fr'));
    await expect
      .poll(async () => (await (await page.request.get(`${server.url}/api/user`)).json()).language)
      .toBe('en');
    expect(errors).toEqual([]);
    await context.close();
  });
  it('keeps the desktop header in one row without overlap, in both languages, for visitors, customers and admins', async () => {
    const overlaps: string[] = [];
    for (const who of [null, 'customer@example.com', 'admin@example.com']) {
      for (const path of ['/services', '/fr/services']) {
        for (const width of [1280, 1600]) {
          const { page, context } = await newPage(browser, { viewport: { width, height: 800 } });
          if (who) {
            const login = await page.request.post(`${server.url}/api/login`, {
              data: { email: who, password: DEMO_PASSWORD },
              headers: { origin: server.url },
            });
            expect(login.status()).toBe(200);
          }
          await page.goto(`${server.url}${path}`);
          // Signed in, the account corner shows its greeting; signed out, Login.
          await page
            .locator('header')
            .getByRole('button', { name: who ? /Logout|Déconnexion/ : /Login|Connexion/ })
            .waitFor();
          const gap = await page.evaluate(() => {
            const nav = document.querySelector('header nav');
            const corner = nav?.nextElementSibling;
            const last = nav?.lastElementChild;
            if (!nav || !corner || !last) return Number.NaN;
            return corner.getBoundingClientRect().left - last.getBoundingClientRect().right;
          });
          if (!(gap >= 0)) overlaps.push(`${who ?? 'visitor'} ${path} at ${width}px: ${gap}px`);
          await context.close();
        }
      }
    }
    expect(overlaps).toEqual([]);
  });
});
