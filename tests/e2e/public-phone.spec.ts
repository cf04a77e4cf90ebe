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
import { insertNotifications } from '../../src/server/modules/notifications/notifications.repository';
import { signInByApi } from '../support/booking-journey';

describe.skipIf(!hasBrowser())('public screens on a phone (390x844)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the phone bars, and the bottom bar never hides the end of the page', async () => {
    const { page, errors, context } = await newPage(browser, PHONE);
    await page.goto(server.url);
    const bottom = page.getByRole('navigation', { name: 'Bottom navigation' });
    await bottom.waitFor();
    for (const name of ['Home', 'Services', 'Login & Signup'])
      await bottom.getByRole('link', { name }).waitFor();
    expect(await bottom.getByRole('link', { name: 'Login & Signup' }).getAttribute('href')).toBe('/auth');
    // The desktop navigation is hidden; the phone top bar has the bell and no back button on home.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Notifications' }).waitFor();
    expect(await page.getByRole('button', { name: 'Go back' }).count()).toBe(0);

    // Scrolled to the very end, the last line of the footer sits above the bottom bar.
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    const lastLine = await page.getByText(/Prices in CAD/).boundingBox();
    const bar = await bottom.boundingBox();
    expect(lastLine!.y + lastLine!.height).toBeLessThanOrEqual(bar!.y);

    // Tap targets in the bars are at least 44px.
    for (const box of [bar, await page.getByRole('link', { name: 'Notifications' }).boundingBox()]) {
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches through the Search Services sheet and filters through the Filters sheet', async () => {
    const { page, errors, context } = await newPage(browser, PHONE);
    await page.goto(`${server.url}/services`);
    await page.getByText(/Showing 6 of \d+/).waitFor();
    await page.getByRole('button', { name: 'Go back' }).waitFor();

    await page.getByRole('button', { name: 'Search services...' }).click();
    const sheet = page.getByRole('dialog', { name: 'Search Services' });
    await sheet.waitFor();
    for (const name of ['Home Cleaning', 'Car Detailing', 'Plumbing', 'Tax Services']) {
      await sheet.getByRole('button', { name }).waitFor();
    }
    await sheet.getByRole('button', { name: 'Search Now' }).waitFor();
    await sheet.getByRole('button', { name: 'Plumbing' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'Plumbing');
    await page.getByRole('heading', { name: 'Search Results for "Plumbing"' }).waitFor();

    await page.getByRole('button', { name: 'Plumbing' }).first().click();
    await sheet.waitFor();
    const box = sheet.getByRole('combobox', { name: 'What do you need?' });
    await box.fill('');
    await box.pressSequentially('tax');
    await sheet.getByRole('listbox').waitFor();
    await sheet.getByRole('button', { name: 'Search Now' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'tax');

    await page.getByRole('button', { name: /^Filters/ }).click();
    const filters = page.getByRole('dialog', { name: 'Filter Options' });
    await filters.waitFor();
    await filters.getByRole('slider', { name: 'Maximum price' }).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('maxPrice') === '150');
    expect(new URL(page.url()).searchParams.get('q')).toBe('tax');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits every page in 390px without sideways scrolling', async () => {
    const { page, errors, context } = await newPage(browser, PHONE);
    for (const path of [
      '/',
      '/services',
      '/provider/1',
      '/service/1',
      '/promotions',
      '/announcements',
      '/terms',
      '/x',
    ]) {
      await page.goto(`${server.url}${path}`);
      await page.locator('main h1').first().waitFor();
      // Loaded: no loading message left (other live regions, such as the reviews' count, stay).
      await page.waitForFunction(
        () =>
          ![...document.querySelectorAll('[role="status"]')].some((e) => /Loading/.test(e.textContent ?? '')),
      );
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    // The unknown page answers 404, which the browser logs; nothing else may appear.
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  it("shows the signed-in customer's unread count on the top bar's bell, like the desktop bell", async () => {
    const { page, errors, context } = await newPage(browser, PHONE);
    await signInByApi(context, server);
    const me = (await (await context.request.get(`${server.url}/api/user`)).json()) as { id: number };
    expect((await context.request.post(`${server.url}/api/notifications/read-all`)).status()).toBeLessThan(
      300,
    );
    await insertNotifications(server.database.db, [
      {
        userId: me.id,
        type: 'booking',
        title: 'Booking confirmed',
        message: 'Deep Cleaning with Maple Leaf Maids.',
        linkUrl: '/bookings',
        now: new Date(),
      },
    ]);

    await page.goto(server.url);
    const bell = page.getByRole('link', { name: 'Notifications, 1 unread', exact: true });
    await bell.waitFor();
    expect((await bell.textContent())?.trim()).toBe('1');
    await bell.click();
    await page.waitForURL('**/notifications');

    // Once read, the bell is a plain link again.
    expect((await context.request.post(`${server.url}/api/notifications/read-all`)).status()).toBeLessThan(
      300,
    );
    await page.goto(server.url);
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
