import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  hasBrowser,
  launchBrowser,
  newPage,
  type RunningServer,
  startTestServer,
} from '../support/browser';

const DEMO_PASSWORD = 'Trillium!2026';

async function signIn(context: BrowserContext, server: RunningServer, email: string) {
  const res = await context.request.post(`${server.url}/api/login`, {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
}

/** An ordinary day (issue 14), the screens the other specs do not walk through. */
describe.skipIf(!hasBrowser())('an ordinary day: the partner’s listing', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a partner sets, checks and removes the business street address in the listing editor', async () => {
    const { page, errors, context } = await newPage(browser, DESKTOP);
    await signIn(context, server, 'partner@example.com');
    const status = await context.request.get(`${server.url}/api/user/partner-status`);
    const { providerId } = (await status.json()) as { providerId: number };
    const streetOf = async () =>
      (
        (await (await fetch(`${server.url}/api/providers/${providerId}`)).json()) as {
          streetAddress: string | null;
        }
      ).streetAddress;

    await page.goto(`${server.url}/partner-dashboard`);
    await page.getByRole('tab', { name: 'Services' }).click();
    const form = page.getByRole('form', { name: 'Listing Details' });
    const street = form.getByLabel('Street address (optional)');
    await street.fill('12 K');
    await form.getByRole('button', { name: 'Save Listing' }).click();
    // The contract's rule, at its field, before anything is sent.
    await form.getByText('Street address must be at least 5 characters').waitFor();
    expect(await street.getAttribute('aria-invalid')).toBe('true');

    await street.fill('12 King St W');
    await form.getByRole('button', { name: 'Save Listing' }).click();
    await page.locator('[data-sonner-toast]').getByText('Listing saved').first().waitFor();
    expect(await streetOf()).toBe('12 King St W');
    await page.reload();
    await page.getByRole('tab', { name: 'Services' }).click();
    expect(await form.getByLabel('Street address (optional)').inputValue()).toBe('12 King St W');

    // Emptying the field removes it.
    await form.getByLabel('Street address (optional)').fill('');
    await form.getByRole('button', { name: 'Save Listing' }).click();
    await expect.poll(streetOf).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
