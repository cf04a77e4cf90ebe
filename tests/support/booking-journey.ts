import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './browser';

/** The demo customer (src/server/db/seed/demo.ts). */
export const CUSTOMER = { email: 'customer@example.com', password: 'Trillium!2026' };

export type SeededProvider = { id: number; name: string; services: { id: number; name: string }[] };

/** A seeded provider that offers services, to book from. */
export async function providerWithServices(server: RunningServer): Promise<SeededProvider> {
  const response = await fetch(`${server.url}/api/providers?limit=20`);
  const providers = (await response.json()) as SeededProvider[];
  const found = providers.find((p) => p.services.length > 0);
  if (!found) throw new Error('the demo data has no provider with services');
  return found;
}

/** Signs in through the API: the session cookie and its readable hint cookie become the context's. */
export async function signInByApi(context: BrowserContext, server: RunningServer) {
  const response = await context.request.post(`${server.url}/api/login`, { data: CUSTOMER });
  expect(response.status()).toBe(200);
}

/**
 * On the booking summary, picks a free time and answers its label: never the customer's own hold, and
 * never the earliest bookable time. The tests share one customer, so an earlier test's abandoned hold
 * shows "Held for you", and late in the Toronto afternoon today's only free time can be that hold.
 * The earliest bookable time is the minimum notice away from now. A page that showed it just before the
 * hour asked for it just after, and the server rightly refused it as too soon (a CI run failed so at
 * 18:00 UTC). So this picks the second free time of the first day that has one, or the first free time
 * of a later day.
 */
export async function pickFreeTime(
  page: Page,
  names: { date: string; time: RegExp } = { date: 'Choose Date', time: /^Choose Time/ },
): Promise<string> {
  return (await pickFreeTimeOn(page, names)).label;
}

/** As pickFreeTime, also answering the chosen day's place among all the days listed (0: the first). */
export async function pickFreeTimeOn(
  page: Page,
  names: { date: string; time: RegExp } = { date: 'Choose Date', time: /^Choose Time/ },
): Promise<{ label: string; day: number }> {
  const dates = page.getByRole('region', { name: names.date });
  await dates.getByRole('button').first().waitFor();
  const times = page.getByRole('region', { name: names.time });
  const free = times.locator('button:not([disabled]):not([data-held-for-you])');
  const days = dates.locator('button:not([disabled])');
  // Whether the first free time was seen (and passed over) on an earlier day.
  let earliestSeen = false;
  for (let day = 0; ; day++) {
    await days.nth(day).click();
    await times.getByRole('button').first().waitFor();
    const count = await free.count();
    const pick = earliestSeen ? 0 : 1;
    if (count > pick) {
      const slot = free.nth(pick);
      const label = (await slot.textContent())!.trim();
      await slot.click();
      // Among every listed day, disabled ones too: the availability answer's `days` in the same order.
      const listed = await dates
        .getByRole('button')
        .evaluateAll((buttons) => buttons.findIndex((b) => b.getAttribute('aria-pressed') === 'true'));
      return { label, day: listed };
    }
    if (count > 0) earliestSeen = true;
  }
}
