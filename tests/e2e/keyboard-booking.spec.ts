import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  hasBrowser,
  launchBrowser,
  newPage,
  type RunningServer,
  startTestServer,
} from '../support/browser';
import { providerWithServices, type SeededProvider, signInByApi } from '../support/booking-journey';
import { AT_HOME } from '../support/service-address';

/**
 * Answers Chromium logs as console errors that a journey may provoke on purpose: 401 from /api/user
 * while signed out, 402 for a declined card, and whatever status a test passes (409: the time was taken).
 */
const unexpected = (errors: string[], ...provoked: number[]) => {
  const expected = new RegExp(
    `Failed to load resource: the server responded with a status of (${[401, 402, ...provoked].join('|')})`,
  );
  return errors.filter((e) => !expected.test(e));
};

/** A wide screen, and the same desktop browser zoomed to 400 % (WCAG reflow: 320 CSS pixels wide). */
const ZOOMED = { viewport: { width: 320, height: 640 } };

/** Whether the (single) element of `target` is the document's focused element. */
async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2_000 });
}

/** A short description of the focused element, for failure messages. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body> (nothing focused)';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name}"`;
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times; fails saying where the
 * focus got stuck. Returns the number of presses it took.
 */
async function tabTo(
  page: Page,
  target: Locator,
  what: string,
  { backwards = false, max = 80 }: { backwards?: boolean; max?: number } = {},
): Promise<number> {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return presses;
    if (presses < max) await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `${what} was not reached with ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}; the focus is on ${await describeFocus(page)}`,
  );
}

/** The focused element shows a focus indicator: an outline, or a box-shadow ring. */
async function focusIndicator(target: Locator) {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return {
      focused: el === document.activeElement,
      focusVisible: el.matches(':focus-visible'),
      visible: outline || ring,
    };
  });
}

async function expectFocused(target: Locator, what: string) {
  expect(await isFocused(target), `${what} should have the focus`).toBe(true);
}

async function expectVisibleFocus(target: Locator, what: string) {
  expect(await focusIndicator(target), `${what} should show where the focus is`).toEqual({
    focused: true,
    focusVisible: true,
    visible: true,
  });
}

/** From the provider page, with the keyboard: Tab to Book Now for the first service and press Enter. */
async function bookNowByKeyboard(page: Page, server: RunningServer, provider: SeededProvider) {
  await page.goto(`${server.url}/provider/${provider.id}`);
  await page.getByRole('heading', { name: provider.name, level: 1 }).waitFor();
  const bookNow = page.getByRole('button', { name: `Book Now: ${provider.services[0]!.name}` });
  await tabTo(page, bookNow, 'Book Now');
  await expectVisibleFocus(bookNow, 'Book Now');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/booking-confirmation');
  await page.getByRole('heading', { name: 'Booking Summary' }).waitFor();
  await page.getByText('Schedule Required').waitFor();
}

/**
 * A free time the signed-in customer can choose at the provider, with its day: the second such time in
 * the booking window, never the first. The tests share one customer, so an earlier test's abandoned
 * hold is "Held for you" here and is not a new time (a day whose only free time is that hold is enabled
 * in the strip, yet offers no time to choose). The first free time is the earliest bookable one, the
 * minimum notice away from now: a page that listed it just before the hour would ask for it just
 * after, and the server would rightly refuse it as too soon (pickFreeTime, tests/support).
 */
async function aLaterFreeTime(page: Page, server: RunningServer, provider: SeededProvider) {
  const response = await page
    .context()
    .request.get(
      `${server.url}/api/providers/${provider.id}/availability?serviceId=${provider.services[0]!.id}`,
    );
  expect(response.status()).toBe(200);
  const availability = (await response.json()) as {
    days: { date: string; slots: { start: string; label: string; available: boolean }[] }[];
    yourHold: { start: string } | null;
  };
  const free = availability.days.flatMap((d) =>
    d.slots
      .filter((s) => s.available && s.start !== availability.yourHold?.start)
      .map((s) => ({ date: d.date, label: s.label })),
  );
  const chosen = free[1];
  if (!chosen) throw new Error('the provider has fewer than two free times left in the booking window');
  // The strip's day buttons carry the long date as their title, e.g. "Wednesday, November 25".
  const title = new Date(`${chosen.date}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  });
  return { ...chosen, title };
}

/**
 * Tab to the day of a free time that is not the earliest (aLaterFreeTime) and press Enter, then to that
 * time and press Space; returns the day and the time's label.
 */
async function pickScheduleByKeyboard(
  page: Page,
  server: RunningServer,
  provider: SeededProvider,
): Promise<{ date: string; label: string }> {
  const { date, title, label } = await aLaterFreeTime(page, server, provider);
  const dates = page.getByRole('region', { name: 'Choose Date' });
  const day = dates.locator(`button[title="${title}"]:not([disabled])`);
  await tabTo(page, day, `the day of a free time (${title})`);
  await expectVisibleFocus(day, 'the day');
  expect(await day.getAttribute('aria-pressed')).toBe('false');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => day.getAttribute('aria-pressed'), { message: 'Enter chooses the day' })
    .toBe('true');
  // Choosing the day keeps the focus on it.
  await expectFocused(day, 'the chosen day');

  const times = page.getByRole('region', { name: /^Choose Time/ });
  const slot = times.locator('button:not([disabled]):not([data-held-for-you])', {
    hasText: new RegExp(`^\\s*${label}\\s*$`),
  });
  await tabTo(page, slot, `the free time ${label}`);
  await expectVisibleFocus(slot, 'the time');
  expect(label).toMatch(/^\d{1,2}:00 (AM|PM)$/);
  await page.keyboard.press('Space');
  await page.getByText('Selected Schedule').waitFor();
  expect(await slot.getAttribute('aria-pressed')).toBe('true');
  await expectFocused(slot, 'the chosen time');
  await expectVisibleFocus(slot, 'the chosen time');
  return { date, label };
}

/** Tab to Pay Now, press Enter, and wait for the Secure Payment dialog to hold the focus. */
async function openPaymentByKeyboard(page: Page) {
  await page.getByText('Total Amount').waitFor();
  const payNow = page.getByRole('button', { name: 'Pay Now' });
  await tabTo(page, payNow, 'Pay Now');
  await expectVisibleFocus(payNow, 'Pay Now');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Secure Payment' });
  await dialog.getByRole('heading', { name: 'Payment Summary' }).waitFor();
  await expect
    .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), {
      message: 'the focus moves into the payment dialog',
    })
    .toBe(true);
  return { dialog, payNow };
}

describe.skipIf(!hasBrowser())('booking with the keyboard alone', () => {
  let server: RunningServer;
  let browser: Browser;
  let provider: SeededProvider;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    provider = await providerWithServices(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [screen, options] of [
    ['a desktop', DESKTOP],
    ['a desktop zoomed to 400 %', ZOOMED],
  ] as const) {
    it(`books and pays with the keyboard only on ${screen}`, async () => {
      const { page, errors, context } = await newPage(browser, options);
      await signInByApi(context, server);
      await bookNowByKeyboard(page, server, provider);
      const { label } = await pickScheduleByKeyboard(page, server, provider);
      const { dialog } = await openPaymentByKeyboard(page);

      // The card, typed: each field is reached with Tab and labelled.
      const number = dialog.getByLabel('Card number');
      await tabTo(page, number, 'Card number');
      await page.keyboard.type('4242424242424242');
      expect(await number.inputValue()).toBe('4242 4242 4242 4242');
      await dialog.getByText('Visa', { exact: true }).first().waitFor();
      await page.keyboard.press('Tab');
      const expiry = dialog.getByLabel('Expiry');
      await expectFocused(expiry, 'Expiry (right after Card number)');
      await page.keyboard.type('1230');
      expect(await expiry.inputValue()).toBe('12 / 30');
      await page.keyboard.press('Tab');
      const cvc = dialog.getByLabel('CVC');
      await expectFocused(cvc, 'CVC (right after Expiry)');
      await page.keyboard.type('123');

      const pay = dialog.getByRole('button', { name: /^Pay \$[\d,]+\.\d{2} Securely$/ });
      await tabTo(page, pay, 'Pay Securely');
      await expectVisibleFocus(pay, 'Pay Securely');
      await page.keyboard.press('Enter');

      const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed' });
      await confirmed.waitFor();
      const details = (await confirmed.textContent()) ?? '';
      expect(details).toContain(provider.services[0]!.name);
      expect(details).toContain(`at ${label} ET`);
      expect(details).toMatch(/TR-[23456789A-HJKMNP-TV-Z]{6}/);
      await expect
        .poll(() => confirmed.evaluate((el) => el.contains(document.activeElement)), {
          message: 'the focus moves into the Booking Confirmed dialog',
        })
        .toBe(true);

      const next = confirmed.getByRole('button', { name: 'Continue' });
      await tabTo(page, next, 'Continue');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Booking Confirmed', level: 1 }).waitFor();

      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });
  }

  it('closes the payment dialog with Escape or Back and gives the focus back to Pay Now', async () => {
    const { page, errors, context } = await newPage(browser, DESKTOP);
    await signInByApi(context, server);
    await bookNowByKeyboard(page, server, provider);
    await pickScheduleByKeyboard(page, server, provider);

    const first = await openPaymentByKeyboard(page);
    // Tab stays inside the modal dialog, in both directions.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(
        await first.dialog.evaluate((el) => el.contains(document.activeElement)),
        `the focus stays in the dialog after ${key}`,
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await first.dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => isFocused(first.payNow), { message: 'Escape gives the focus back to Pay Now' })
      .toBe(true);
    await expectVisibleFocus(first.payNow, 'Pay Now after Escape');

    // Pay Now again (the same hold), then the Back button, with Shift+Tab from where the focus lands.
    const second = await openPaymentByKeyboard(page);
    const back = second.dialog.getByRole('button', { name: 'Back: cancel payment' });
    await tabTo(page, back, 'Back', { backwards: true });
    await expectVisibleFocus(back, 'Back');
    await page.keyboard.press('Enter');
    await second.dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => isFocused(second.payNow), { message: 'Back gives the focus back to Pay Now' })
      .toBe(true);

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('leads the focus back to the times when the chosen time was just taken', async () => {
    const { page, errors, context } = await newPage(browser, DESKTOP);
    await signInByApi(context, server);
    await bookNowByKeyboard(page, server, provider);
    const { date, label } = await pickScheduleByKeyboard(page, server, provider);

    // Someone else holds the same slot between choosing it and Pay Now: the page's service, the chosen
    // day and time.
    const serviceId = provider.services[0]!.id;
    const availability = (await (
      await fetch(`${server.url}/api/providers/${provider.id}/availability?days=14&serviceId=${serviceId}`)
    ).json()) as { days: { date: string; slots: { start: string; label: string; available: boolean }[] }[] };
    const start = availability.days
      .find((d) => d.date === date)!
      .slots.find((s) => s.available && s.label === label)!.start;
    const rival = await browser.newContext();
    const email = `keyboard-rival-${Date.now()}@example.com`;
    const registered = await rival.request.post(`${server.url}/api/register`, {
      data: { email, password: 'Rival!Booker2026', fullName: 'Rita Rival' },
    });
    expect(registered.status()).toBe(201);
    const held = await rival.request.post(`${server.url}/api/create-payment-intent`, {
      data: {
        providerId: provider.id,
        serviceDate: start,
        serviceId,
        customerName: 'Rita Rival',
        customerEmail: email,
        ...AT_HOME,
      },
    });
    expect(held.status()).toBe(200);
    await rival.close();

    const payNow = page.getByRole('button', { name: 'Pay Now' });
    await tabTo(page, payNow, 'Pay Now');
    await page.keyboard.press('Enter');
    await page
      .locator('[data-sonner-toast]')
      .getByText(/That time was just taken/)
      .first()
      .waitFor();
    await page.getByText('Schedule Required').waitFor();
    const times = page.getByRole('region', { name: /^Choose Time/ });
    const heading = times.getByRole('heading', { name: /^Choose Time/ });
    await expect
      .poll(() => isFocused(heading), { message: 'the focus goes to Choose Time, not to the page' })
      .toBe(true);
    await expect
      .poll(() => times.getByRole('button', { name: `${label} ET, unavailable`, exact: true }).count())
      .toBe(1);
    // The next Tab reaches a free time, which the keyboard can choose and pay for.
    await page.keyboard.press('Tab');
    const other = times.locator('button:not([disabled])').first();
    await expectFocused(other, 'the first free time after Choose Time');
    await page.keyboard.press('Enter');
    await page.getByText('Selected Schedule').waitFor();
    await openPaymentByKeyboard(page);

    expect(unexpected(errors, 409)).toEqual([]);
    await context.close();
  });
});
