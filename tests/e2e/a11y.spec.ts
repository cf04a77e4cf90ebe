import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import {
  DESKTOP,
  hasBrowser,
  launchBrowser,
  newPage,
  PHONE,
  type RunningServer,
  startTestServer,
} from '../support/browser';

/** axe-core on every page, desktop and phone: zero serious or critical violations. */
describe.skipIf(!hasBrowser())('accessibility', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const pages = [
    '/',
    '/services',
    '/services/home-cleaning',
    '/provider/1',
    '/service/1',
    '/promotions',
    '/announcements',
    '/how-it-works',
    '/terms',
    '/no-such-page',
    // The French twins of the pages people land on (issue 21): same markup, other words.
    '/fr',
    '/fr/services',
    '/fr/provider/1',
  ];

  for (const [size, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`has no serious or critical violations on the public pages (${size})`, async () => {
      // axe is injected as an inline script, which our Content-Security-Policy rightly forbids.
      const { page, context, errors } = await newPage(browser, { ...options, bypassCSP: true });
      const found: string[] = [];
      for (const path of pages) {
        await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
        found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
      }
      await context.close();
      expect(found).toEqual([]);
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    });
  }
});
