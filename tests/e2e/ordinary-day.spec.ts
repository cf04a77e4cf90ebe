import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatClockTime, formatShortDate } from '../../src/shared/domain/dates';
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
describe.skipIf(!hasBrowser())('an ordinary day: listing, settings and an applicant’s answers', () => {
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

  it("Settings keeps the profile's province where the saved postal code is", async () => {
    const { page, errors, context } = await newPage(browser, DESKTOP);
    await signIn(context, server, 'customer@example.com');
    await page.goto(`${server.url}/settings`);
    const personal = page.getByRole('form', { name: 'Personal Information' });
    const province = personal.getByLabel('Province');
    expect(await province.inputValue()).toBe('ON');
    // M5H 2N2 is saved: British Columbia is refused at the field, as the server would.
    await province.selectOption('BC');
    await personal.getByRole('button', { name: 'Save Changes' }).click();
    await personal.getByText('Your postal code M5H 2N2 is not in British Columbia').waitFor();
    expect(await province.getAttribute('aria-invalid')).toBe('true');

    // Moving is done on the address form; Personal Information then shows the new city and province.
    const address = page.getByRole('form', { name: 'Address Information' });
    await address.getByLabel('Street Address').fill('800 Robson St');
    await address.getByLabel('City').fill('Vancouver');
    await address.getByLabel('Province').selectOption('BC');
    await address.getByLabel('Postal Code').fill('V6Z 3B7');
    await address.getByRole('button', { name: 'Update Address' }).click();
    await page.locator('[data-sonner-toast]').getByText('Address updated!').first().waitFor();
    await expect.poll(() => personal.getByLabel('City').inputValue()).toBe('Vancouver');
    expect(await province.inputValue()).toBe('BC');
    await personal.getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('[data-sonner-toast]').getByText('Profile updated!').first().waitFor();
    const me = (await (await context.request.get(`${server.url}/api/user`)).json()) as Record<
      string,
      unknown
    >;
    expect(me).toMatchObject({ city: 'Vancouver', province: 'BC', postalCode: 'V6Z 3B7' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the admin reads the whole exchange with an applicant, with dates, on the card and in the decision dialog', async () => {
    const business = 'Harbourfront Mobile Mechanics';
    const { page, errors, context } = await newPage(browser, DESKTOP);
    await signIn(context, server, 'admin@example.com');
    type Listed = {
      id: number;
      businessName: string;
      requests: { askedAt: string; answeredAt: string | null }[];
    };
    const listed = async () =>
      ((await (await context.request.get(`${server.url}/api/admin/applications`)).json()) as Listed[]).find(
        (a) => a.businessName === business,
      )!;
    const asked = await context.request.patch(`${server.url}/api/admin/applications/${(await listed()).id}`, {
      data: {
        status: 'clarification_needed',
        adminNotes: 'Please send proof of your garage liability insurance.',
      },
    });
    expect(asked.status()).toBe(200);
    // The applicant answers in the product.
    const applicant = await browser.newContext();
    await signIn(applicant, server, 'daniel.okafor@example.com');
    const reply = await applicant.request.post(`${server.url}/api/user/application/reply`, {
      data: { message: 'My insurer is Maple Mutual; the certificate follows by e-mail today.' },
    });
    expect(reply.status()).toBe(200);
    await applicant.close();
    const [request] = (await listed()).requests;
    const when = (at: string) => `${formatShortDate(at)}, ${formatClockTime(at)} ET`;

    await page.goto(`${server.url}/admin`);
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    const card = page.getByRole('article', { name: business });
    const onCard = card.getByRole('region', { name: 'Questions and answers' });
    await onCard.getByText('Please send proof of your garage liability insurance.').waitFor();
    await onCard.getByText(when(request!.askedAt)).first().waitFor();

    await card.getByRole('button', { name: 'Ask Info' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask for More Information' });
    const exchange = dialog.getByRole('region', { name: 'Questions and answers' });
    await exchange.getByText('Please send proof of your garage liability insurance.').waitFor();
    await exchange
      .getByText('My insurer is Maple Mutual; the certificate follows by e-mail today.')
      .waitFor();
    expect(
      await exchange.locator('time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime'))),
    ).toEqual([request!.askedAt, request!.answeredAt]);
    await exchange.getByText(when(request!.answeredAt!)).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
