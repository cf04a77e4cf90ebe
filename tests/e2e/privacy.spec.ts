import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertUser } from '../../src/server/db/seed/factories';
import { unsubscribeToken } from '../../src/server/modules/privacy/privacy.unsubscribe';
import { seriousViolations } from '../support/axe';
import { CUSTOMER, signInByApi } from '../support/booking-journey';
import {
  DESKTOP,
  hasBrowser,
  launchBrowser,
  newPage,
  PHONE,
  type RunningServer,
  startTestServer,
} from '../support/browser';

// Issue 19 (docs/product.md §15), on the screens: Download my data, Delete my account with what it
// cancels and gives back, the /unsubscribe page signed out, and the admin's promotional e-mail.
describe.skipIf(!hasBrowser())('privacy and consent screens', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('downloads my data from Settings (desktop)', async () => {
    const { page, errors, context } = await newPage(browser, { ...DESKTOP, bypassCSP: true });
    await signInByApi(context, server);
    await page.goto(`${server.url}/settings`);
    const section = page.getByRole('region', { name: 'Your Data' });
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^trillium-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(data.profile.email).toBe(CUSTOMER.email);
    expect(data.bookings.length).toBeGreaterThan(0);
    await page.getByText('Your data is downloaded').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deletes the account on a phone: the cancellations and refunds first, then signed out and told', async () => {
    const { page, errors, context } = await newPage(browser, { ...PHONE, bypassCSP: true });
    await signInByApi(context, server);
    await page.goto(`${server.url}/settings`);
    const promotional = page.getByRole('switch', { name: 'Promotional Messages' });
    expect(await promotional.getAttribute('aria-checked')).toBe('false');
    await page.getByText(/Off until you turn it on; every one has a one-click unsubscribe link/).waitFor();

    await page
      .getByRole('region', { name: 'Your Data' })
      .getByRole('button', { name: 'Delete my account' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    await dialog.getByText(/You will get back \$\d[\d,]*\.\d{2} in all/).waitFor();
    const upcoming = await dialog.getByRole('listitem').count();
    expect(upcoming).toBeGreaterThan(0);
    await dialog.getByText(/kept without your name or contact details for 7 years/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByLabel('Your password').fill('Wrong!Pass99');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Your current password is not correct.').waitFor();
    expect((await context.request.get(`${server.url}/api/user`)).status()).toBe(200);

    await dialog.getByLabel('Your password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Your account is deleted').waitFor();
    await page
      .getByText(
        new RegExp(
          `You are signed out everywhere. ${upcoming === 1 ? '1 booking was' : `${upcoming} bookings were`} cancelled`,
        ),
      )
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await context.request.get(`${server.url}/api/user`)).status()).toBe(401);
    const again = await context.request.post(`${server.url}/api/login`, { data: CUSTOMER });
    expect(again.status()).toBe(401);
    const [row] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from users where email = ${CUSTOMER.email}`,
    );
    expect(row!.n).toBe(0);
    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    await context.close();
  });

  it('unsubscribes signed out from the link in the e-mail; a changed link is refused (phone)', async () => {
    const userId = await insertUser(server.database.db, {
      email: 'una.subscriber@example.com',
      fullName: 'Una Subscriber',
      password: DEMO_PASSWORD,
    });
    await queryRows(
      server.database.db,
      sql`update users set preferences = '{"email": true, "sms": true, "promotional": true}' where id = ${userId}`,
    );
    const token = await unsubscribeToken(server.database.db, userId);
    const { page, errors, context } = await newPage(browser, { ...PHONE, bypassCSP: true });

    await page.goto(`${server.url}/unsubscribe?token=${userId}.${'A'.repeat(43)}`);
    await page.getByRole('heading', { name: 'This link did not work' }).waitFor();
    await page.getByText('This unsubscribe link is not valid.', { exact: false }).waitFor();

    await page.goto(`${server.url}/unsubscribe?token=${token}`);
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await page
      .getByText('u***@example.com will not receive promotional e-mails from Trillium any more.')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const [row] = await queryRows<{ promotional: boolean; events: number }>(
      server.database.db,
      sql`select (preferences->>'promotional')::boolean as promotional,
                 (select count(*)::int from consent_events where user_id = ${userId} and not granted) as events
          from users where id = ${userId}`,
    );
    expect(row).toEqual({ promotional: false, events: 1 });
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  it('the admin announces a promotion to the people who opted in (desktop)', async () => {
    const { page, errors, context } = await newPage(browser, { ...DESKTOP, bypassCSP: true });
    const signedIn = await context.request.post(`${server.url}/api/login`, {
      data: { email: 'admin@example.com', password: DEMO_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const fan = await insertUser(server.database.db, {
      email: 'fan.offers@example.com',
      fullName: 'Fan Offers',
      password: DEMO_PASSWORD,
    });
    await queryRows(
      server.database.db,
      sql`update users set preferences = '{"email": true, "sms": true, "promotional": true}' where id = ${fan}`,
    );
    await page.goto(`${server.url}/admin`);
    await page.getByRole('tab', { name: 'Promote' }).click();
    const form = page.getByRole('form', { name: 'Promotional e-mail' });
    await page.getByText('1 person turned on Promotional Messages and will receive it.').waitFor();
    await form.getByLabel('Announce a promotion (optional)').click();
    await page.getByRole('option', { name: /Spring Cleaning Special/ }).click();
    expect(await form.getByLabel('Subject').inputValue()).toBe('Spring Cleaning Special');
    expect(await form.getByLabel('Message').inputValue()).toContain('FRESH20');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Send to people who opted in' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this promotional e-mail?' });
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Promotional e-mail queued for 1 person who opted in.').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Spring Cleaning Special' }).waitFor();
    const mails = await queryRows<{ to_address: string }>(
      server.database.db,
      sql`select to_address from email_outbox where kind = 'promotional'`,
    );
    expect(mails).toEqual([{ to_address: 'fan.offers@example.com' }]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
