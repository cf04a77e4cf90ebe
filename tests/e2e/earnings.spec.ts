import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
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
import { holdSlot, postJson, sandboxCard, signInOverHttp } from '../support/http-journey';

/**
 * Issue 22, as a partner sees it: a booking they completed shows its earnings pending, then available
 * 2 days later, then paid after Monday's payout (the injected clock is moved; the server's own job
 * queue makes the payout), and the Earnings tab's CSV download holds the booking.
 */
describe.skipIf(!hasBrowser())('a partner follows their earnings to the payout', () => {
  // Monday 23 November 2026, 10:00 AM in Toronto: the week's payout (9:00) has just run.
  const clock = fixedClock('2026-11-23T15:00:00Z');
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ clock }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The state badge of the booking's row in the Earnings tab, after a fresh load. */
  async function stateOf(page: Page, reference: string) {
    await page.goto(`${server.url}/partner-dashboard`);
    await page.getByRole('tab', { name: 'Earnings' }).click();
    const row = page.locator(`tr[data-booking-reference="${reference}"]`);
    await row.waitFor();
    return (await row.locator('td').last().innerText()).split('\n')[0]!.trim();
  }

  it('pending, then available 2 days after completion, then paid on Monday, the CSV and the tax details', async () => {
    // The demo customer books the demo partner's listing for Tuesday, by the API.
    const customer = await signInOverHttp(server.url);
    const partnerCookie = await signInOverHttp(server.url, 'partner@example.com', DEMO_PASSWORD);
    const listing = await (
      await fetch(`${server.url}/api/partner/listing`, { headers: { cookie: partnerCookie } })
    ).json();
    const days = (
      await (await fetch(`${server.url}/api/providers/${listing.id}/availability?days=14`)).json()
    ).days as { date: string; slots: { start: string; available: boolean }[] }[];
    const start = days
      .flatMap((d) => d.slots)
      .find((s) => s.available && Date.parse(s.start) > Date.parse('2026-11-24T05:00:00Z'))!.start;
    const held = await holdSlot(server.url, customer, listing.id, 'customer@example.com', start);
    expect(held.status).toBe(200);
    const card = await sandboxCard(server.url, customer);
    const paid = await postJson(
      server.url,
      '/api/confirm-payment-intent',
      { paymentIntentId: held.body.paymentIntentId, paymentMethodId: card },
      customer,
    );
    expect(paid.status).toBe(200);
    const reference = held.body.referenceNumber as string;

    const { context, page, errors } = await newPage(browser, { ...DESKTOP, bypassCSP: true });
    const login = await context.request.post(`${server.url}/api/login`, {
      data: { email: 'partner@example.com', password: DEMO_PASSWORD, remember: true },
    });
    expect(login.status()).toBe(200);

    expect(await stateOf(page, reference)).toBe('Pending');

    // Done: two hours after it started, the partner marks it completed.
    clock.set(new Date(Date.parse(start) + 2 * 3_600_000));
    const done = await context.request.patch(`${server.url}/api/partner/bookings/${held.body.bookingId}`, {
      data: { action: 'complete' },
      headers: { origin: server.url },
    });
    expect(done.status()).toBe(200);
    expect(await stateOf(page, reference)).toBe('Pending');
    await expect
      .poll(() => page.locator(`tr[data-booking-reference="${reference}"]`).innerText())
      .toMatch(/Available/);

    // Two days later: available.
    clock.advance(2 * 86_400_000 + 60_000);
    expect(await stateOf(page, reference)).toBe('Available');

    // Monday 30 November, 9:01 in Toronto: the server's job queue makes the weekly payout by itself.
    clock.set('2026-11-30T14:01:00Z');
    await expect.poll(() => stateOf(page, reference), { timeout: 20_000, interval: 1_000 }).toBe('Paid');
    await expect.poll(() => page.getByTestId('earnings-available').innerText()).toBe('$0.00');
    await expect
      .poll(() => page.locator('[data-payout-state="paid"]').first().innerText())
      .toContain(reference);
    // Each reference of the payout keeps to one line: it never breaks at its hyphen.
    const covered = page.locator('[data-payout-state="paid"]').first().getByText(reference, { exact: true });
    expect(await covered.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');

    // The CSV of the booking's day.
    const day = new Date(Date.parse(start) - 5 * 3_600_000).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(day);
    await page.getByLabel('To', { exact: true }).fill(day);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const text = await readFile((await download.path())!, 'utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'reference,service_date,service,state,gross,service_fee,hst_on_fee,hst_on_service,refunded,net,available_at,payout_id',
    );
    expect(lines.some((l) => l.startsWith(`${reference},${day},`) && l.includes(',paid,'))).toBe(true);

    // The seller details CRA platform reporting needs: a wrong business number is refused, then saved.
    await page.getByLabel('Legal name').fill('Maple Leaf Maids Inc.');
    await page.getByLabel('Business number (optional)').fill('12345');
    await page.getByLabel('Street address').fill('55 Bloor St W');
    await page.getByLabel('City').fill('Toronto');
    await page.getByLabel('Postal code').fill('M4W 1A5');
    await page.getByRole('button', { name: 'Save tax details' }).click();
    await page.getByText('The business number has 9 digits').waitFor();
    await page.getByLabel('Business number (optional)').fill('123456782');
    await page.getByRole('button', { name: 'Save tax details' }).click();
    await page.getByText('Tax details saved').waitFor();
    await stateOf(page, reference);
    expect(await page.getByLabel('Legal name').inputValue()).toBe('Maple Leaf Maids Inc.');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    // On a phone each booking is a card with every figure, Net included: no table wider than the screen.
    const phone = await newPage(browser, { ...PHONE, bypassCSP: true });
    const partner = await phone.context.request.post(`${server.url}/api/login`, {
      data: { email: 'partner@example.com', password: DEMO_PASSWORD },
    });
    expect(partner.status()).toBe(200);
    await phone.page.goto(`${server.url}/partner-dashboard`);
    await phone.page.getByRole('tab', { name: 'Earnings' }).click();
    const earning = phone.page.locator(`li[data-booking-reference="${reference}"]`);
    await earning.waitFor();
    const figures = await earning.innerText();
    for (const label of ['Gross', 'Service fee', 'HST on fee', 'Refunds', 'Net', 'Paid'])
      expect(figures).toContain(label);
    expect(await phone.page.locator(`tr[data-booking-reference="${reference}"]`).isVisible()).toBe(false);
    const box = await earning.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await seriousViolations(phone.page)).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it("the admin's Payouts tab lists the week's payouts, fee income per month and a balanced ledger", async () => {
    const { context, page, errors } = await newPage(browser, { ...DESKTOP, bypassCSP: true });
    const login = await context.request.post(`${server.url}/api/login`, {
      data: { email: 'admin@example.com', password: DEMO_PASSWORD, remember: true },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${server.url}/admin`);
    await page.getByRole('tab', { name: 'Payouts' }).click();
    await page.getByRole('heading', { name: 'Recent payouts' }).waitFor();
    await expect.poll(() => page.locator('[data-payout-state="paid"]').count()).toBeGreaterThan(0);
    await page.getByText(/Every booking balances/).waitFor();
    await page.getByRole('heading', { name: 'Fee income and HST per month' }).waitFor();
    // Nothing is due twice: running the week's payout again pays nothing.
    await page.getByRole('button', { name: "Run this week's payouts now" }).click();
    await page.getByText('Nothing was due.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
