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

  it('answers any non-API path with the app, and unknown API paths with JSON', async () => {
    const spa = await fetch(`${server.url}/provider/1`);
    expect(spa.status).toBe(200);
    expect(spa.headers.get('content-type')).toContain('text/html');
    const api = await fetch(`${server.url}/api/nope`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'not_found' });
  });
});
