import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createServerJobRunner } from '../../src/server/jobs';
import type { Clock } from '../../src/server/clock';
import type { DatabaseHandle } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed/demo';
import { loadEnv } from '../../src/server/env';
import { openTestDatabase } from './database';

export const chromiumPath = () => inject('chromiumPath');
export const hasBrowser = () => chromiumPath() !== '';

export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export type RunningServer = { url: string; database: DatabaseHandle; close(): Promise<void> };

/** The built product on a fresh demo database, listening on a free loopback port. */
export async function startTestServer(
  options: { clock?: Clock; seed?: boolean; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const database = await openTestDatabase();
  if (options.seed !== false) await seedDemo(database.db, { now: options.clock?.now() });
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PORT: '0',
    ...options.env,
  });
  const app = await buildApp({ env, database, clock: options.clock });
  // The durable job queue runs as in production (server.ts): refunds, password-reset e-mails, sweeps.
  const jobs = createServerJobRunner(app.deps, app.log, { sweepMs: 60_000 });
  jobs.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    async close() {
      await jobs.stop();
      await app.close();
      await database.close();
    },
  };
}

/** Collects uncaught errors and console errors of a page, so a spec can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

export async function newPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  waitForHydrationOnGoto(page);
  return { context, page, errors: watchErrors(page) };
}

/**
 * `page.goto` resolves once the page is live, not merely loaded: a pre-rendered page shows its buttons
 * before its JavaScript has run, and a click then does nothing, as for a person on a slow phone. The app
 * sets `html[data-hydrated]` when the page has rendered or hydrated (app-shell.tsx).
 */
export function waitForHydrationOnGoto(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const html = response?.headers()['content-type']?.includes('text/html');
    if (html) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    return response;
  };
}
