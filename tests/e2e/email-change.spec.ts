import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { signInByApi } from '../support/booking-journey';
import {
  hasBrowser,
  launchBrowser,
  newPage,
  PHONE,
  type RunningServer,
  startTestServer,
} from '../support/browser';
import { lastEmailTo } from '../support/outbox';

/** Changing the e-mail from Settings on a phone: password, link to the new address, confirmed. */
describe.skipIf(!hasBrowser())('changing the e-mail address', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('asks for the password, waits for the new address, and changes once its link is opened', async () => {
    const { page, errors, context } = await newPage(browser, PHONE);
    await signInByApi(context, server);
    await page.goto(`${server.url}/settings`);
    const personal = page.getByRole('form', { name: 'Personal Information' });
    expect(await personal.getByLabel('Email Address').getAttribute('readonly')).not.toBeNull();
    await personal.getByRole('button', { name: 'Change e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change e-mail' });
    await dialog.getByLabel('New e-mail address').fill('chris.new@example.ca');
    await dialog.getByLabel('Current password').fill('Wrong!Pass99');
    // Each step states what the server answered, so a failure says which side went wrong.
    const send = async () => {
      const answer = page.waitForResponse(
        (r) => r.url().endsWith('/api/user/email-change') && r.request().method() === 'POST',
        { timeout: 10_000 },
      );
      await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
      return answer.then(
        async (r) => `${r.status()} ${await r.text()}`,
        async () => `no request; the dialog says: ${await dialog.innerText()}`,
      );
    };
    expect(await send()).toMatch(/^400 .*auth\.wrong_current_password/);
    await dialog.getByText('Your current password is not correct.').waitFor();
    await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
    expect(await send()).toMatch(/^200 .*chris\.new@example\.ca/);
    await dialog.getByText(/Check your new inbox: we sent a link to/).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await personal.getByText('Waiting for chris.new@example.ca to be confirmed.').waitFor();

    const mail = await lastEmailTo(server.database.db, 'chris.new@example.ca');
    const link = new URL(mail!.link!);
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Your e-mail is changed' }).waitFor();
    await page.getByText('Your Trillium account now uses chris.new@example.ca.').waitFor();
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });
});
