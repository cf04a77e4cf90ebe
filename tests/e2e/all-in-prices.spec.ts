import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  hasBrowser,
  launchBrowser,
  newPage,
  type RunningServer,
  startTestServer,
} from '../support/browser';
import { pickFreeTime, signInByApi } from '../support/booking-journey';

/**
 * Issue 20, all-in prices (DECISIONS 21): the price on a listing card is what the customer pays at
 * checkout when the partner charges no HST: the card, the provider page, the booking page's total and
 * the Secure Payment dialog's total are one figure, and the dialog breaks it down.
 */

type ListedProvider = {
  id: number;
  name: string;
  allInPrice: number;
  hstRegistered: boolean;
  categoryTaxExempt: boolean;
  services: { id: number; name: string; price: number; allInPrice: number }[];
};

const dollars = (text: string | null) => Number(/\$([\d,]+\.\d{2})/.exec(text ?? '')?.[1]?.replace(/,/g, ''));
const EXPECTED_STATUS = /Failed to load resource: the server responded with a status of 401/;

describe.skipIf(!hasBrowser())('all-in prices', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a card shows the checkout total of a provider without HST, incl. service fee', async () => {
    const listed = (await (
      await fetch(`${server.url}/api/providers?category=home-cleaning&sort=price_asc&limit=6`)
    ).json()) as ListedProvider[];
    const provider = listed.find((p) => !p.hstRegistered && p.services.length > 0)!;
    expect(provider).toBeTruthy();
    const cheapest = [...provider.services].sort((a, b) => a.price - b.price)[0]!;
    expect(cheapest.allInPrice).toBe(provider.allInPrice);
    expect(provider.allInPrice).toBeGreaterThan(cheapest.price);

    const { page, errors, context } = await newPage(browser, DESKTOP);
    await signInByApi(context, server);
    await page.goto(`${server.url}/services?category=home-cleaning&sort=price_asc`);
    const card = page.locator('article', {
      has: page.getByRole('link', { name: provider.name, exact: true }),
    });
    const from = card.locator('p', { hasText: 'From' });
    await from.waitFor();
    const cardPrice = dollars(await from.textContent());
    expect(cardPrice).toBe(provider.allInPrice);
    expect(await from.textContent()).toContain('incl. service fee');

    // The provider page and its services say the same, then Book Now on the cheapest service.
    await page.goto(`${server.url}/provider/${provider.id}`);
    await page.getByRole('heading', { name: provider.name, level: 1 }).waitFor();
    const pageFrom = page.locator('p', { hasText: /^From \$/ }).first();
    expect(dollars(await pageFrom.textContent())).toBe(cardPrice);
    await page.getByRole('button', { name: `Book Now: ${cheapest.name}` }).click();
    await page.waitForURL('**/booking-confirmation');
    const summary = page.getByRole('region', { name: 'Booking Summary' });
    await summary.getByText(/incl\. service fee/).waitFor();
    expect(dollars(await summary.textContent())).toBe(cardPrice);

    await pickFreeTime(page);
    await page.getByText('Total Amount').waitFor();
    const bar = page.getByText('Total Amount').locator('..');
    expect(dollars(await bar.textContent())).toBe(cardPrice);

    await page.getByRole('button', { name: 'Pay Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Secure Payment' });
    await dialog.getByRole('heading', { name: 'Payment Summary' }).waitFor();
    // The dialog breaks the same figure down: service, service fee, the fee's HST, and the total.
    const lines = dialog.getByTestId('money-lines');
    expect(dollars(await lines.locator('[data-line="service"] dd').textContent())).toBe(cheapest.price);
    await lines.getByText('Service fee (3%)').waitFor();
    await lines.getByText('HST on service fee (13%)').waitFor();
    expect(await lines.locator('[data-line="hst_service"]').count()).toBe(0);
    expect(dollars(await dialog.getByTestId('money-total').textContent())).toBe(cardPrice);
    await dialog.getByRole('button', { name: `Pay $${cardPrice.toFixed(2)} Securely` }).waitFor();

    expect(errors.filter((e) => !EXPECTED_STATUS.test(e))).toEqual([]);
    await context.close();
  });

  it('sorts and filters by the all-in price the cards show', async () => {
    const all = (await (
      await fetch(`${server.url}/api/providers?category=home-cleaning&sort=price_asc&limit=50`)
    ).json()) as ListedProvider[];
    const prices = all.map((p) => p.allInPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const threshold = all[1]!.allInPrice;
    const filtered = (await (
      await fetch(
        `${server.url}/api/providers?category=home-cleaning&minPrice=${threshold}&maxPrice=${threshold}`,
      )
    ).json()) as ListedProvider[];
    expect(filtered.map((p) => p.id)).toContain(all[1]!.id);
    expect(filtered.every((p) => p.allInPrice === threshold)).toBe(true);
  });
});
