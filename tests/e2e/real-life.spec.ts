import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { formatBookedTime } from '../../src/shared/domain/dates';
import { seriousViolations } from '../support/axe';
import { signInByApi } from '../support/booking-journey';
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
 * Bookings that fit real life, as people do it: a customer cancels (the refund said in dollars before
 * confirming) and moves a booking with the date and time picker; a partner takes a day off and its
 * times vanish from the booking page. At desktop and phone sizes.
 */
describe.skipIf(!hasBrowser())('cancel, reschedule and a day off', () => {
  let server: RunningServer;
  let browser: Browser;
  let customerCookie: string;
  let provider: { id: number; name: string; services: { id: number; name: string }[] };

  /** Free starts of the partner's listing for its first service, next 14 days. */
  async function freeStarts() {
    const res = await fetch(
      `${server.url}/api/providers/${provider.id}/availability?days=14&serviceId=${provider.services[0]!.id}`,
    );
    const body = (await res.json()) as {
      days: { date: string; slots: { start: string; available: boolean }[] }[];
    };
    return body.days;
  }

  /** The demo customer books and pays at the partner's listing, by the API; answers the booking id. */
  async function bookAhead(daysAhead: number): Promise<number> {
    const days = await freeStarts();
    const start = days
      .flatMap((d) => d.slots)
      .filter((s) => s.available && Date.parse(s.start) > Date.now() + daysAhead * 86_400_000)[0]!.start;
    const held = await holdSlot(server.url, customerCookie, provider.id, 'customer@example.com', start);
    expect(held.status).toBe(200);
    const card = await sandboxCard(server.url, customerCookie);
    const paid = await postJson(
      server.url,
      '/api/confirm-payment-intent',
      { paymentIntentId: held.body.paymentIntentId, paymentMethodId: card },
      customerCookie,
    );
    expect(paid.status).toBe(200);
    return held.body.bookingId;
  }

  const bookingOf = async (id: number) =>
    (await fetch(`${server.url}/api/bookings/${id}`, { headers: { cookie: customerCookie } })).json();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    customerCookie = await signInOverHttp(server.url);
    const partnerCookie = await signInOverHttp(server.url, 'partner@example.com', DEMO_PASSWORD);
    const listing = await (
      await fetch(`${server.url}/api/partner/listing`, { headers: { cookie: partnerCookie } })
    ).json();
    provider = await (await fetch(`${server.url}/api/providers/${listing.id}`)).json();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The booking's card, by its time: the demo customer has another booking of the same service. */
  const cardOf = (page: Page, booking: { serviceDate: string }) =>
    page.locator('article', { hasText: formatBookedTime(booking.serviceDate) });

  async function openCard(
    page: Page,
    booking: { serviceDate: string; serviceTitle: string },
    button: string,
  ) {
    await page.goto(`${server.url}/bookings`);
    await cardOf(page, booking)
      .getByRole('button', { name: `${button}: ${booking.serviceTitle}` })
      .click();
  }

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('cancels with the refund stated first (%s)', async (_size, device) => {
    const id = await bookAhead(3);
    const booking = await bookingOf(id);
    const { page, errors, context } = await newPage(browser, { ...device, bypassCSP: true });
    await signInByApi(context, server);
    await openCard(page, booking, 'Cancel');
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    const preview = dialog.getByTestId('refund-preview');
    // Paid a moment ago, three days ahead: everything comes back, and the sentence says how much.
    expect(await preview.textContent()).toContain(
      `You'll get $${(booking.totalCents / 100).toFixed(2)} back (100%)`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Reason (optional)').fill('Plans changed');
    await page.screenshot({ path: `test-results/cancel-dialog-${_size}.png` }).catch(() => undefined);
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await page.locator('[data-sonner-toast]').getByText('Booking cancelled').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const after = await bookingOf(id);
    expect(after).toMatchObject({
      status: 'cancelled',
      refundedCents: booking.totalCents,
      cancelReason: 'Plans changed',
    });
    // It moves to Past, with its refund.
    await page.getByRole('tab', { name: 'Past' }).click();
    await page
      .getByText(`$${(booking.totalCents / 100).toFixed(2)}`, { exact: false })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('moves a booking with the date and time picker (%s)', async (_size, device) => {
    const id = await bookAhead(2);
    const before = await bookingOf(id);
    const { page, errors, context } = await newPage(browser, { ...device, bypassCSP: true });
    await signInByApi(context, server);
    await openCard(page, before, 'Reschedule');
    const dialog = page.getByRole('dialog', { name: 'Reschedule Booking' });
    await dialog.getByText('2 moves left').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const dates = dialog.getByRole('region', { name: 'Choose Date' });
    await dates.locator('button:not([disabled])').nth(4).click();
    await dialog
      .getByRole('region', { name: /^Choose Time/ })
      .locator('button:not([disabled])')
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Move Booking' }).click();
    await page.locator('[data-sonner-toast]').getByText('Booking moved').first().waitFor();
    const after = await bookingOf(id);
    expect(after.serviceDate).not.toBe(before.serviceDate);
    expect(after).toMatchObject({
      id,
      referenceNumber: before.referenceNumber,
      rescheduleCount: 1,
      status: 'confirmed',
    });
    // Add to calendar on the card: the .ics is this booking at its new time.
    const card = cardOf(page, after);
    await card
      .getByRole('button', { name: `Add to calendar: ${before.serviceTitle} with ${before.providerName}` })
      .click();
    const ics = await page.getByRole('link', { name: /\.ics/ }).getAttribute('href');
    expect(ics).toBe(`/api/bookings/${id}/calendar`);
    const file = await (await fetch(`${server.url}${ics}`, { headers: { cookie: customerCookie } })).text();
    expect(file).toContain(`DTSTART:${after.serviceDate.replace(/[-:]/g, '').replace('.000', '')}`);
    await page.keyboard.press('Escape');
    // The history says it.
    await card.getByRole('button', { name: `View Details: ${before.serviceTitle}` }).click();
    await page
      .getByRole('dialog', { name: 'Booking Details' })
      .getByText(/^Moved from /)
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['desktop', DESKTOP, 5],
    ['phone', PHONE, 6],
  ] as const)('a day off vanishes from the booking page (%s)', async (_size, device, ahead) => {
    const days = await freeStarts();
    const day = days.filter((d) => d.slots.some((s) => s.available))[ahead]!;
    const { page, errors, context } = await newPage(browser, { ...device, bypassCSP: true });
    const login = await context.request.post(`${server.url}/api/login`, {
      data: { email: 'partner@example.com', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${server.url}/partner-dashboard`);
    await page.getByRole('tab', { name: 'Schedule' }).click();
    const form = page.getByRole('form', { name: 'Add time off' });
    await form.getByLabel('First day').fill(day.date);
    await form.getByLabel('Last day').fill(day.date);
    await form.getByLabel('Note for yourself (optional)').fill('Dentist');
    await form.getByRole('button', { name: 'Add Time Off' }).click();
    await page.locator('[data-sonner-toast]').getByText('Time off added').first().waitFor();
    await page.getByRole('list', { name: 'Planned time off' }).getByText('Dentist').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/time-off-${_size}.png` }).catch(() => undefined);

    // Booking rules: the form saves through the contract's schema.
    const rules = page.getByRole('form', { name: 'Booking Rules' });
    await rules.getByLabel('Minimum notice').selectOption('4');
    await rules.getByRole('radio', { name: /Moderate/ }).check();
    await rules.getByRole('button', { name: 'Save Booking Rules' }).click();
    await page.locator('[data-sonner-toast]').getByText('Booking rules saved').first().waitFor();
    const saved = await (await context.request.get(`${server.url}/api/partner/listing`)).json();
    expect(saved).toMatchObject({ minimumNoticeHours: 4, cancellationPolicy: 'moderate' });
    await rules.getByLabel('Minimum notice').selectOption('2');
    await rules.getByRole('radio', { name: /Flexible/ }).check();
    await rules.getByRole('button', { name: 'Save Booking Rules' }).click();
    await expect
      .poll(
        async () =>
          (await (await context.request.get(`${server.url}/api/partner/listing`)).json()).cancellationPolicy,
      )
      .toBe('flexible');
    // The server offers nothing that day, and the booking page shows the day as full.
    const after = (await freeStarts()).find((d) => d.date === day.date)!;
    expect(after.slots.filter((s) => s.available)).toEqual([]);
    await page.goto(`${server.url}/provider/${provider.id}`);
    await page.getByRole('button', { name: `Book Now: ${provider.services[0]!.name}` }).click();
    await page.waitForURL('**/booking-confirmation');
    const dates = page.getByRole('region', { name: 'Choose Date' });
    const label = new Intl.DateTimeFormat('en-CA', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day.date}T12:00:00Z`));
    const button = dates.locator(`button[title="${label}"]`);
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.skipIf(!hasBrowser())('a verified review from My Bookings', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('stars by keyboard, a comment, and the review appears verified on the provider', async () => {
    const cookie = await signInOverHttp(server.url);
    const partner = await signInOverHttp(server.url, 'partner@example.com', DEMO_PASSWORD);
    const listing = await (
      await fetch(`${server.url}/api/partner/listing`, { headers: { cookie: partner } })
    ).json();
    const held = await holdSlot(server.url, cookie, listing.id, 'customer@example.com');
    expect(held.status).toBe(200);
    const card = await sandboxCard(server.url, cookie);
    const paid = await postJson(
      server.url,
      '/api/confirm-payment-intent',
      { paymentIntentId: held.body.paymentIntentId, paymentMethodId: card },
      cookie,
    );
    expect(paid.status).toBe(200);
    // The service took place: completed an hour ago.
    await server.database.db
      .update(bookings)
      .set({ status: 'completed', completedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(bookings.id, held.body.bookingId));

    const { page, errors, context } = await newPage(browser, { ...PHONE, bypassCSP: true });
    await signInByApi(context, server);
    // The "How was it?" e-mail's link: My Bookings on the Past tab, this booking's review open (the
    // demo customer has another booking to review: the posted review below proves which one opened).
    await page.goto(`${server.url}/bookings?review=${held.body.bookingId}`);
    const dialog = page.getByRole('dialog', { name: 'Leave a review' });
    await dialog.waitFor();
    const past = page.getByRole('tab', { name: 'Past', includeHidden: true });
    expect(await past.getAttribute('aria-selected')).toBe('true');
    // The link leaves the address once used: a reload does not reopen it.
    await page.waitForURL((url) => url.pathname === '/bookings' && !url.searchParams.has('review'));
    await dialog.getByRole('radio', { name: '1 star: poor' }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('radio', { name: '4 stars: very good' }).isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Your review').fill('Spotless kitchen, arrived on time. Thank you!');
    await dialog.getByRole('button', { name: 'Post Review' }).click();
    await page.locator('[data-sonner-toast]').getByText('Thank you for your review').first().waitFor();
    const reviews = await (await fetch(`${server.url}/api/providers/${listing.id}/reviews`)).json();
    expect(reviews[0]).toMatchObject({ rating: 4, verified: true, bookingId: held.body.bookingId });

    // The same link again, and one to a booking that is not this customer's: no dialog, a reason.
    const status = page.getByRole('status').filter({ hasText: /booking/ });
    await page.goto(`${server.url}/bookings?review=${held.body.bookingId}`);
    await status.getByText('You have already reviewed this booking. Thank you!').waitFor();
    expect(await dialog.count()).toBe(0);
    await page.goto(`${server.url}/bookings?review=999999`);
    await status.getByText(/^We could not find that booking in your account/).waitFor();
    expect(await dialog.count()).toBe(0);
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await context.close();
  });
});
