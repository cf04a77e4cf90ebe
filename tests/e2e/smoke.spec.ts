import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launchBrowser, newPage, type RunningServer, startTestServer } from '../support/browser';

describe.skipIf(!hasBrowser())('smoke: the served page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('loads the home page with its title, and no console errors', async () => {
    const { page, errors, context } = await newPage(browser);
    const response = await page.goto(server.url);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toContain('Trillium');
    await expect.poll(() => page.locator('#root').textContent()).toContain('Trillium');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives every page exactly one title and one description, rendered or pre-rendered', async () => {
    const { page, errors, context } = await newPage(browser);
    /** Hydrated (html[data-hydrated]), no request in flight, and two frames painted since. */
    const settled = async () => {
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
    };
    for (const path of [
      '/',
      '/services',
      '/provider/1',
      '/service/1',
      '/auth',
      '/promotions',
      '/how-it-works',
    ]) {
      await page.goto(`${server.url}${path}`);
      await expect.poll(() => page.locator('head title').count(), { message: path }).toBe(1);
      // And still one once the page is live and has settled: a title added later would show here.
      await settled();
      expect(await page.locator('head title').count(), `${path}, hydrated`).toBe(1);
      expect(await page.locator('head meta[name="description"]').count(), path).toBe(1);
      expect(await page.title(), path).toContain('Trillium');
    }
    // Moving between pages in the app keeps it at one.
    await page.locator('a[href="/services"]:visible').first().click();
    await page.waitForURL('**/services');
    await expect.poll(() => page.locator('head title').count()).toBe(1);
    await settled();
    expect(await page.locator('head title').count(), '/services, after navigating').toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves hashed assets compressed and cacheable for a year, and index.html uncached', async () => {
    const html = await fetch(server.url);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-encoding')).toMatch(/br|gzip/);
  });

  it('answers pages with the app, unknown pages with the app and 404 (noindex), unknown API paths with JSON', async () => {
    for (const page of ['/provider/1', '/services/home-cleaning', '/services/Home-Cleaning']) {
      const spa = await fetch(`${server.url}${page}`);
      expect(spa.status, page).toBe(200);
      expect(spa.headers.get('content-type')).toContain('text/html');
      expect(spa.headers.get('x-robots-tag'), page).toBeNull();
    }
    for (const missing of [
      '/no-such-page',
      '/provider/999999',
      '/service/999999',
      '/provider/abc',
      '/services/a/b',
      '/services/no-such-category',
      '/services/home_cleaning',
    ]) {
      const res = await fetch(`${server.url}${missing}`);
      expect(res.status, missing).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      expect(await res.text()).toContain('<meta name="robots" content="noindex" />');
    }
    expect((await fetch(`${server.url}/bookings`)).status).toBe(200);
    // In the browser, an unknown category's listing is the not-found page, as an unknown provider's.
    const { page, errors, context } = await newPage(browser);
    const answer = await page.goto(`${server.url}/services/no-such-category`);
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found', level: 1 }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await context.close();
    const api = await fetch(`${server.url}/api/nope`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'not_found' });
  });
});
