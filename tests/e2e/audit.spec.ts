import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
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

/**
 * The admin dashboard's Audit tab (issue 19): an admin changes a role in the Users tab and finds it in
 * Audit with who, when and the values before and after; filters narrow the list and clear again; axe
 * at desktop and phone sizes, and nothing wider than the phone.
 */
describe.skipIf(!hasBrowser())('the admin audit log', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signedInAdmin(options = DESKTOP) {
    // axe is injected as an inline script, which our Content-Security-Policy rightly forbids.
    const opened = await newPage(browser, { ...options, bypassCSP: true });
    const response = await opened.context.request.post(`${server.url}/api/login`, {
      data: { email: 'admin@example.com', password: DEMO_PASSWORD },
    });
    expect(response.status()).toBe(200);
    return opened;
  }

  it('shows a role change with who, when, before and after; filters and clears', async () => {
    const { page, context, errors } = await signedInAdmin();
    await page.goto(`${server.url}/admin`);
    await page.getByRole('tab', { name: 'Users' }).click();
    const chris = page
      .getByRole('list', { name: 'Users' })
      .getByRole('listitem')
      .filter({ hasText: 'customer@example.com' });
    await chris.getByRole('button', { name: 'Partner' }).click();
    await page.locator('[data-sonner-toast]').getByText('User updated').first().waitFor();

    await page.getByRole('tab', { name: 'Audit' }).click();
    const entries = page.getByRole('list', { name: 'Audit log entries' });
    const entry = entries.getByRole('listitem').filter({ hasText: 'Role changed' }).first();
    await entry.waitFor();
    expect(await entry.getByRole('heading').textContent()).toMatch(/^Role changed · User #\d+$/);
    expect(await entry.textContent()).toContain('by Alex Admin');
    expect(await entry.locator('time').textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M ET$/,
    );
    const row = entry.getByRole('row', { name: /^Role/ });
    expect(await row.getByRole('cell').allTextContents()).toEqual(['user', 'partner']);
    expect(await page.getByRole('navigation', { name: 'Audit log pages' }).textContent()).toContain(
      'Page 1 of 1',
    );
    expect(await seriousViolations(page)).toEqual([]);

    // A filter nothing matches (the demo's log holds its two decided applications and this change),
    // then Clear filters.
    const filters = page.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('Action').selectOption({ label: 'Payout run now' });
    await filters.getByRole('button', { name: 'Show entries' }).click();
    await page.getByText('No admin action matches these filters.').waitFor();
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await entry.waitFor();
    expect(await filters.getByLabel('Action').inputValue()).toBe('');

    // The admin filter lists who appears in the log; a window of days that excludes today is empty.
    await filters.getByLabel('Admin').selectOption({ label: 'Alex Admin' });
    await filters.getByLabel('To (ET, inclusive)').fill('2020-01-01');
    await filters.getByRole('button', { name: 'Show entries' }).click();
    await page.getByText('No admin action matches these filters.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is axe clean and fits a phone', async () => {
    const { page, context, errors } = await signedInAdmin(PHONE);
    await page.goto(`${server.url}/admin`);
    await page.getByRole('tab', { name: 'Audit' }).click();
    await page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});
