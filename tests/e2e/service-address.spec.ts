import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasBrowser,
  launchBrowser,
  newPage,
  PHONE,
  DESKTOP,
  type RunningServer,
  startTestServer,
} from '../support/browser';
import { pickFreeTime, signInByApi } from '../support/booking-journey';

/**
 * An ordinary day: a customer books a home cleaning at their address (on a phone), and the partner
 * then finds the address, access notes, phone and notes on the booking (on a desktop).
 */
describe.skipIf(!hasBrowser())('a home cleaning at the customer’s address, seen by the partner', () => {
  let server: RunningServer;
  let browser: Browser;
  let provider: { id: number; name: string; services: { id: number; name: string; deliveredAt: string }[] };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const list = (await (
      await fetch(`${server.url}/api/providers?limit=100&search=Maple%20Leaf%20Maids`)
    ).json()) as (typeof provider)[];
    provider = list.find((p) => p.name === 'Maple Leaf Maids')!;
    expect(provider.services[0]!.deliveredAt).toBe('customer');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('asks for the address and phone, and the partner sees them with the notes', async () => {
    const { page, errors, context } = await newPage(browser, PHONE);
    await signInByApi(context, server);
    await page.goto(`${server.url}/provider/${provider.id}`);
    await page.getByRole('button', { name: `Book Now: ${provider.services[0]!.name}` }).click();
    await page.waitForURL('**/booking-confirmation');
    const place = page.getByRole('region', { name: 'Where the professional comes' });
    await place.waitFor();

    await pickFreeTime(page);

    // The saved address fills the form in. Without a street, nothing is held: the form says so.
    expect(await place.getByLabel('Street address').inputValue()).toBe('120 Queen St W');
    await place.getByLabel('Street address').fill('');
    await place.getByLabel('Phone').fill('416-555-0142');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await place.getByText('Street address must be at least 5 characters').waitFor();
    // The problem is told at its field, which gets the focus (the same form as the booking dialog's).
    const street = place.getByLabel('Street address');
    expect(await street.evaluate((el) => [el === document.activeElement, el.ariaInvalid])).toEqual([
      true,
      'true',
    ]);

    await place.getByLabel('Street address').fill('55 Bloor St W');
    await place.getByLabel('Unit (optional)').fill('1203');
    await place.getByLabel('City').fill('Toronto');
    await place.getByLabel('Postal code').fill('V5K 0A1');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await place.getByText('This postal code is not in Ontario').waitFor();
    await place.getByLabel('Postal code').fill('m4w1a8');
    await place.getByLabel('Access notes (optional)').fill('Concierge at the front desk');
    await place.getByLabel('Notes (optional)', { exact: true }).fill('Please bring unscented products');
    await page.getByRole('button', { name: 'Pay Now' }).click();

    const dialog = page.getByRole('dialog', { name: 'Secure Payment' });
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry').fill('1230');
    await dialog.getByLabel('CVC').fill('123');
    const reference = /TR-[23456789A-HJKMNP-TV-Z]{6}/.exec((await dialog.textContent()) ?? '')?.[0];
    await dialog.getByRole('button', { name: /^Pay \$/ }).click();
    await page.locator('[data-sonner-toast]').getByText('Payment Successful').first().waitFor();
    await page.getByRole('dialog', { name: 'Booking Confirmed' }).waitFor();
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();

    // The partner's morning: the booking shows where, how to get in, who to call and the notes.
    const partner = await newPage(browser, DESKTOP);
    const signedIn = await partner.context.request.post(`${server.url}/api/login`, {
      data: { email: 'partner@example.com', password: 'Trillium!2026' },
    });
    expect(signedIn.status()).toBe(200);
    await partner.page.goto(`${server.url}/partner-dashboard`);
    const card = partner.page.getByRole('listitem').filter({ hasText: reference! });
    await card.getByText('55 Bloor St W, Unit 1203, Toronto, ON M4W 1A8').waitFor();
    await card.getByText('Concierge at the front desk').waitFor();
    await card.getByRole('link', { name: '416-555-0142' }).waitFor();
    await card.getByText('Please bring unscented products').waitFor();
    expect(partner.errors).toEqual([]);
    await partner.context.close();
  });
});
