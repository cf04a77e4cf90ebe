import { readFile } from 'node:fs/promises';
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
import { pickFreeTime, signInByApi } from '../support/booking-journey';
import { pdfText } from '../support/pdf';

/**
 * Issue 20, promo codes (DECISIONS 24) and receipts (DECISIONS 25), as a customer lives them: Redeem Now
 * on /promotions remembers FRESH20, the Secure Payment step applies it (the discount line), the booking
 * is paid, and its PDF receipt downloads from My Bookings with the discount on it.
 */

const EXPECTED_STATUS = /Failed to load resource: the server responded with a status of 401/;

describe.skipIf(!hasBrowser())('a booking with a promo code', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('goes from Redeem Now to Booking Confirmed, and the receipt downloads', async () => {
    const { page, errors, context } = await newPage(browser, { ...DESKTOP, acceptDownloads: true });
    await signInByApi(context, server);
    await page.goto(`${server.url}/promotions`);
    await page.getByRole('link', { name: 'Redeem Now: Spring Cleaning Special, code FRESH20' }).click();
    await page.waitForURL('**/services/home-cleaning');
    expect(await page.evaluate(() => localStorage.getItem('trillium_promo_code'))).toBe('FRESH20');

    // A provider of the category, then Book Now on its first service.
    await page
      .getByRole('link', { name: /^Book Now with / })
      .first()
      .click();
    await page.waitForURL('**/provider/*');
    await page
      .getByRole('button', { name: /^Book Now: / })
      .first()
      .click();
    await page.waitForURL('**/booking-confirmation');
    await pickFreeTime(page);
    await page.getByRole('button', { name: 'Pay Now' }).click();

    // The remembered code was applied by the server: its discount line, and a lower total.
    const dialog = page.getByRole('dialog', { name: 'Secure Payment' });
    await dialog.getByRole('heading', { name: 'Payment Summary' }).waitFor();
    await dialog.getByText('Code FRESH20 applied.').waitFor();
    const discount = dialog.locator('[data-line="discount"]');
    expect(await discount.locator('dt').textContent()).toBe('Promo code FRESH20');
    expect(await discount.locator('dd').textContent()).toMatch(/^−\$\d+\.\d{2}$/);
    const total = (await dialog.getByTestId('money-total').textContent()) ?? '';
    // Removing it prices the booking without it; applying it again brings the discount back.
    await dialog.getByRole('button', { name: 'Remove promo code FRESH20' }).click();
    await dialog.getByRole('button', { name: 'Apply' }).waitFor();
    expect(await dialog.locator('[data-line="discount"]').count()).toBe(0);
    expect(await dialog.getByTestId('money-total').textContent()).not.toBe(total);
    await dialog.getByLabel('Promo code').fill('nosuchcode');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog
      .getByRole('alert')
      .getByText('That promo code does not exist. Please check the spelling.')
      .waitFor();
    await dialog.getByLabel('Promo code').fill('fresh20');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Code FRESH20 applied.').waitFor();
    expect(await dialog.getByTestId('money-total').textContent()).toBe(total);

    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry').fill('1230');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: /^Pay \$[\d,]+\.\d{2} Securely$/ }).click();
    const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed' });
    await confirmed.waitFor();
    const reference = /TR-[23456789A-HJKMNP-TV-Z]{6}/.exec((await confirmed.textContent()) ?? '')?.[0];
    expect(reference).toBeTruthy();
    // The code did its work: it is not kept for the next booking.
    expect(await page.evaluate(() => localStorage.getItem('trillium_promo_code'))).toBeNull();

    await page.goto(`${server.url}/bookings`);
    await page.getByRole('heading', { name: 'My Bookings', level: 1 }).waitFor();
    const card = page.locator('article', { hasText: total.replace(/\s*CAD$/, '').trim() }).first();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: /^Download receipt \(PDF\): / }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^trillium-receipt-R-\\d{6}-${reference}\\.pdf$`),
    );
    const text = await pdfText(await readFile((await download.path())!));
    expect(text).toContain(`Reference ${reference}`);
    expect(text).toContain('Promo code FRESH20');
    expect(text).toContain('Paid by Visa ending in 4242');

    expect(errors.filter((e) => !EXPECTED_STATUS.test(e) && !/status of 404/.test(e))).toEqual([]);
    await context.close();
  });

  it('admins create a promotion in the Promotions tab, deactivate it, and find both in Audit; axe clean on a phone and a desktop', async () => {
    for (const options of [DESKTOP, PHONE]) {
      // axe is injected as an inline script, which our Content-Security-Policy rightly forbids.
      const { page, errors, context } = await newPage(browser, { ...options, bypassCSP: true });
      const login = await context.request.post(`${server.url}/api/login`, {
        data: { email: 'admin@example.com', password: 'Trillium!2026' },
      });
      expect(login.status()).toBe(200);
      await page.goto(`${server.url}/admin`);
      await page.getByRole('tab', { name: 'Promotions' }).click();
      await page.getByRole('heading', { name: 'Promotions', level: 2 }).waitFor();
      await page.getByRole('listitem', { name: 'Spring Cleaning Special' }).getByText('FRESH20').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        options.viewport.width,
      );
      if (options === DESKTOP) {
        await page.getByRole('button', { name: 'New promotion' }).click();
        const form = page.getByRole('dialog', { name: 'New promotion' });
        await form.getByLabel('Title').fill('Gutter Week');
        await form.getByLabel('Description').fill('Ten dollars off gutter cleaning this week.');
        await form.getByLabel('Code (optional)').fill('gutters10');
        await form.getByLabel('Discount').selectOption('fixed');
        await form.getByLabel('Amount off ($)').fill('10');
        await form.getByLabel('Total uses').fill('50');
        expect(await seriousViolations(page)).toEqual([]);
        await form.getByRole('button', { name: 'Create promotion' }).click();
        await form.waitFor({ state: 'hidden' });
        const created = page.getByRole('listitem', { name: 'Gutter Week' });
        await created.getByText('GUTTERS10').waitFor();
        await created.getByText('0 uses · 0 of 50 uses taken').waitFor();
        await created.getByRole('button', { name: 'Deactivate Gutter Week' }).click();
        await created.getByText('Inactive').waitFor();
        await page.getByRole('tab', { name: 'Audit' }).click();
        const entries = page.getByRole('list', { name: 'Audit log entries' });
        await entries.getByRole('listitem').filter({ hasText: 'Promotion changed' }).first().waitFor();
        await entries.getByRole('listitem').filter({ hasText: 'Promotion created' }).first().waitFor();
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
