import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasBrowser,
  launchBrowser,
  newPage,
  PHONE,
  type RunningServer,
  startTestServer,
} from '../support/browser';

type Provider = { id: number; name: string; description: string; city: string };

/** A script the browser would run inline (our CSP forbids them); JSON data blocks are not scripts. */
const INLINE_SCRIPT = /<script>|<script(?![^>]*(type="application\/(ld\+)?json"|src=))[^>]*>/;

/** The page's JSON-LD block, parsed. */
function structuredData(html: string): unknown {
  const match = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  expect(match, 'a JSON-LD block').not.toBeNull();
  return JSON.parse(match![1]!);
}

/** The pre-rendered landing pages (docs/decisions/004): real HTML first, then hydration, never a re-render. */
describe.skipIf(!hasBrowser())('pre-rendered landing pages', () => {
  let server: RunningServer;
  let browser: Browser;
  let provider: Provider;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const response = await fetch(`${server.url}/api/providers?limit=1`);
    provider = ((await response.json()) as Provider[])[0]!;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const html = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, { headers });
    expect(response.status).toBe(200);
    return { text: await response.text(), headers: response.headers };
  };

  it('sends the provider page as HTML with its title, description, data and route chunk', async () => {
    const { text } = await html(`/provider/${provider.id}`);
    expect(text).toMatch(new RegExp(`<h1[^>]*>${provider.name.replace(/&/g, '&amp;')}</h1>`));
    expect(text).toContain(`<title>${provider.name.replace(/&/g, '&amp;')} in `);
    expect(text).toMatch(/<meta name="description" content="[^"]+"/);
    expect(text).toContain('<script type="application/json" id="trillium-state">');
    // Its scripts only hydrate what is already there: asked for after what the first paint shows
    // (docs/decisions/015-first-paint-before-hydration.md).
    expect(text).toMatch(
      /<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/[^"]+\.js">/,
    );
    expect(text).toMatch(/<script type="module" fetchpriority="low" crossorigin src="\/assets\/[^"]+\.js">/);
    expect(text).not.toMatch(/<(script|link)(?![^>]*fetchpriority="low")[^>]*\.js"/);
    // Nothing React would need an inline script for: the Content-Security-Policy forbids those.
    expect(text).not.toMatch(INLINE_SCRIPT);
    // What search engines read: the business, its place and its rating, as the page says them.
    expect(structuredData(text)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: provider.name,
      address: { addressCountry: 'CA' },
    });
  });

  it('sends the service page as HTML too, with its own title, description and offers', async () => {
    const { text } = await html(`/service/${provider.id}`);
    expect(text).toMatch(/<title>[^<]+ by [^<]+ \| Trillium<\/title>/);
    expect(text).toMatch(/<meta name="description" content="[^"]+"/);
    expect(text).toContain('<script type="application/json" id="trillium-state">');
    expect(text).not.toMatch(INLINE_SCRIPT);
    const data = structuredData(text) as { '@type': string; provider: { name: string }; offers: unknown[] };
    expect(data['@type']).toBe('Service');
    expect(data.provider.name).toBe(provider.name);
    expect(data.offers.length).toBeGreaterThan(0);
    expect(data.offers[0]).toMatchObject({
      '@type': 'Offer',
      priceCurrency: 'CAD',
      price: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    // It hydrates without a mismatch (a console error fails here).
    const { page, errors, context } = await newPage(browser, PHONE);
    await page.goto(`${server.url}/service/${provider.id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the listing with its results and the server total, and the home page with its sections', async () => {
    const { text: listing } = await html('/services/home-cleaning');
    expect(listing).toContain('Home Cleaning Services</h1>');
    expect(listing).toMatch(/Showing \d+ of \d+\+? service providers/);
    const { text: home } = await html('/');
    expect(home).toContain('Connect with professionals on Trillium');
    expect(home).toContain('Explore Top Service Providers');
  });

  it('compresses pages for browsers that accept it', async () => {
    const response = await fetch(`${server.url}/services`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    expect(await response.text()).toContain('All Services</h1>');
  });

  it('leaves signed-in visits, and pages it does not pre-render, to the browser', async () => {
    const signedIn = await html('/', { cookie: 'trillium_signed_in=1' });
    expect(signedIn.text).toContain('<div id="root"></div>');
    const other = await html('/promotions');
    expect(other.text).toContain('<div id="root"></div>');
  });

  it('reads without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, ...PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/provider/${provider.id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(provider.name);
    expect(await page.getByRole('heading', { name: 'Services Offered' }).count()).toBe(1);
    await context.close();
  });

  it('hydrates the page it was sent, without re-rendering it, and then it works', async () => {
    const { page, errors, context } = await newPage(browser, PHONE);
    // Keep the server's heading element: a client render would replace it with a new one.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { serverHeading: Element | null }).serverHeading =
          document.querySelector('main h1');
      });
    });
    await page.goto(`${server.url}/services`);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog', { name: 'Filter Options' }).waitFor();
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { serverHeading: Element | null }).serverHeading ===
          document.querySelector('main h1'),
      ),
    ).toBe(true);
    await page.keyboard.press('Escape');
    // Focus goes back to the button that opened the sheet.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Filters');
    expect(errors).toEqual([]);
    await context.close();
  });
});
