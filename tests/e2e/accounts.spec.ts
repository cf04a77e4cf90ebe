import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { DESKTOP, hasBrowser, launchBrowser, newPage, PHONE, type RunningServer } from '../support/browser';
import { type MailingServer, startTestServerWithMail } from '../support/mail-server';
import { linkPathFrom } from '../support/smtp';

const DEMO_PASSWORD = 'Trillium!2026';

const resetPathFrom = (raw: string) => linkPathFrom(raw, '/auth?', 'tab=reset');

/** Registers an account through the API (not a browser), for specs that are not about sign-up. */
async function registerAccount(server: RunningServer, email: string, password: string, fullName: string) {
  const response = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, fullName }),
  });
  expect(response.status).toBe(201);
}

async function signInOnAuthPage(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Console errors, less the failed-request lines of answers a spec provokes on purpose (e.g. a wrong password). */
function unexpected(errors: string[], ...provoked: number[]): string[] {
  return errors.filter(
    (error) => !provoked.some((status) => error.includes(`the server responded with a status of ${status} `)),
  );
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text).first();

// enabled once the router and header are wired
describe.skipIf(!hasBrowser())(
  'accounts: sign-up, sign-in, sessions, password reset and the account area',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let smtp: MailingServer['smtp'];
    let mail: MailingServer;

    beforeAll(async () => {
      [mail, browser] = await Promise.all([startTestServerWithMail(), launchBrowser()]);
      ({ server, smtp } = mail);
    });
    afterAll(async () => {
      await browser?.close();
      await mail?.close();
    });

    it('signs up on /auth?tab=signup with field errors first, then lands home signed in', async () => {
      const { page, errors, context } = await newPage(browser, DESKTOP);
      await page.goto(`${server.url}/auth?tab=signup`);
      expect(await page.title()).toContain('Trillium');
      const form = page.getByRole('form', { name: 'Sign Up' });
      await form.waitFor();
      // The marketing panel.
      for (const point of ['Trusted professionals', 'Easy booking', 'Secure payments', 'Service guarantee']) {
        await page.getByRole('heading', { name: point }).waitFor();
      }

      await form.getByRole('button', { name: 'Create Account' }).click();
      await form.getByText('Full name is required').waitFor();
      await form.getByText('Invalid email address').waitFor();
      await form.getByText('Password must be at least 8 characters').waitFor();
      await form.getByText('Confirm password is required').waitFor();
      expect(await form.getByLabel('Full Name').getAttribute('aria-invalid')).toBe('true');

      await form.getByLabel('Full Name').fill('Dana Newcomer');
      await form.getByLabel('Email').fill('dana.newcomer@example.ca');
      await form.getByLabel('Password', { exact: true }).fill('password1!');
      await form.getByLabel('Confirm Password').fill('password1!');
      await form.getByRole('button', { name: 'Create Account' }).click();
      await form.getByText('Password must contain at least 1 capital letter').waitFor();

      await form.getByLabel('Password', { exact: true }).fill('Maple#Syrup26');
      await form.getByLabel('Confirm Password').fill('Maple#Syrup26');
      await form.getByRole('button', { name: 'Create Account' }).click();
      await toast(page, 'Welcome to Trillium!').waitFor();
      await toast(page, 'Account created successfully! Welcome, Dana!').waitFor();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('link', { name: 'Welcome, Dana' }).waitFor();

      // The same e-mail again: the server's message inline and in a toast.
      await page.getByRole('button', { name: 'Logout' }).click();
      await toast(page, 'Logged out successfully').waitFor();
      await page.goto(`${server.url}/auth?tab=signup`);
      const again = page.getByRole('form', { name: 'Sign Up' });
      await again.getByLabel('Full Name').fill('Dana Again');
      await again.getByLabel('Email').fill('dana.newcomer@example.ca');
      await again.getByLabel('Password', { exact: true }).fill('Maple#Syrup26');
      await again.getByLabel('Confirm Password').fill('Maple#Syrup26');
      await again.getByRole('button', { name: 'Create Account' }).click();
      await again
        .getByRole('alert')
        .getByText(/already registered/)
        .waitFor();
      await toast(page, 'Registration Failed').waitFor();

      expect(unexpected(errors, 409)).toEqual([]);
      await context.close();
    });

    it('signs in and out from the header modal, with the error catalogue', async () => {
      const { page, errors, context } = await newPage(browser, DESKTOP);
      await page.goto(`${server.url}/services`);
      const header = page.getByRole('banner').first();
      await header.getByRole('button', { name: 'Login' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('tab', { name: 'Login', selected: true }).waitFor();

      await dialog.getByLabel('Email').fill('customer@example.com');
      await dialog.getByLabel('Password', { exact: true }).fill('Wrong#Password1');
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await dialog.getByRole('alert').getByText('Invalid email or password.').waitFor();
      await toast(page, 'Login Failed').waitFor();

      await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await dialog.getByLabel('Remember me').check();
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await toast(page, 'Welcome back!').waitFor();
      await toast(page, 'Great to see you again, Chris!').waitFor();
      // The red "Login Failed" (shown for 4 s) gives way to the success at once: no error beside it.
      await page
        .locator('[data-sonner-toast][data-type="error"]')
        .waitFor({ state: 'detached', timeout: 1_000 });
      expect(await page.locator('[data-sonner-toast][data-type="success"]').count()).toBe(1);
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/services'); // the modal keeps you where you were
      await header.getByRole('link', { name: 'Welcome, Chris' }).waitFor();
      expect(await header.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
      // Remember me: a persistent session cookie.
      const cookies = await context.cookies();
      expect(cookies.some((cookie) => cookie.expires > Date.now() / 1000 + 24 * 3600)).toBe(true);

      // The session survives a reload (the user is refetched, never cached).
      await page.reload();
      await header.getByRole('link', { name: 'Welcome, Chris' }).waitFor();

      await header.getByRole('button', { name: 'Logout' }).click();
      await toast(page, 'Thanks for using Trillium! See you soon!').waitFor();
      await header.getByRole('button', { name: 'Login' }).waitFor();

      // Sign Up tab of the modal: terms are required, username and phone optional.
      await header.getByRole('button', { name: 'Sign Up' }).click();
      await dialog.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor();
      await dialog.getByLabel('Full Name').fill('Riley Modal');
      await dialog.getByLabel('Email').fill('riley.modal@example.ca');
      await dialog.getByLabel('Password', { exact: true }).fill('Maple#Syrup26');
      await dialog.getByLabel('Confirm Password').fill('Maple#Syrup26');
      await dialog.getByRole('button', { name: 'Create Account' }).click();
      await dialog.getByText('You must agree to the terms and conditions').waitFor();
      expect(await dialog.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
        '/terms',
      );
      await dialog.getByRole('checkbox', { name: /I agree to the/ }).check();
      await dialog.getByRole('button', { name: 'Create Account' }).click();
      await toast(page, 'Account created successfully! Welcome, Riley!').waitFor();
      await header.getByRole('link', { name: 'Welcome, Riley' }).waitFor();

      expect(unexpected(errors, 401)).toEqual([]);
      await context.close();
    });

    it('resets a forgotten password through the e-mail link, from the modal and from /auth', async () => {
      await registerAccount(server, 'forgetful@example.ca', 'Maple#Syrup26', 'Fran Forgetful');
      const { page, errors, context } = await newPage(browser, DESKTOP);

      // The modal's "Forgot password?" works (docs/product.md §2) and opens the same dialog.
      await page.goto(server.url);
      await page.getByRole('banner').first().getByRole('button', { name: 'Login' }).click();
      await page.getByRole('dialog').getByLabel('Email').fill('forgetful@example.ca');
      await page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }).click();
      const forgot = page.getByRole('dialog', { name: 'Forgot your password?' });
      expect(await forgot.getByLabel('Email').inputValue()).toBe('forgetful@example.ca');
      await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('dialog', { name: 'Reset Link Sent!' }).waitFor();
      await page.getByRole('button', { name: 'Done' }).click();

      await expect
        .poll(() => smtp.received.filter((m) => m.to.includes('forgetful@example.ca')).length, {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
      const mail = smtp.received.filter((m) => m.to.includes('forgetful@example.ca')).at(-1)!;
      const resetPath = resetPathFrom(mail.raw);
      expect(resetPath).toMatch(/^\/auth\?/);

      // A link without its token is refused on the page.
      await page.goto(`${server.url}/auth?tab=reset&email=forgetful%40example.ca`);
      await page.getByText('Invalid reset link. Please request a new password reset.').waitFor();

      await page.goto(`${server.url}${resetPath}`);
      const reset = page.getByRole('form', { name: 'Reset Password' });
      await page.getByRole('tab', { name: 'Reset Password', selected: true }).waitFor();
      await reset.getByLabel('New Password', { exact: true }).fill('Birch#Canoe77');
      await reset.getByLabel('Confirm New Password').fill('Birch#Canoe78');
      await reset.getByRole('button', { name: 'Reset Password' }).click();
      await reset.getByText("Passwords don't match").waitFor();
      await reset.getByLabel('Confirm New Password').fill('Birch#Canoe77');
      await reset.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('heading', { name: 'Password Reset Successful!' }).waitFor();

      // The same link cannot be used twice.
      await page.goto(`${server.url}${resetPath}`);
      const again = page.getByRole('form', { name: 'Reset Password' });
      await again.getByLabel('New Password', { exact: true }).fill('Cedar#Lake88');
      await again.getByLabel('Confirm New Password').fill('Cedar#Lake88');
      await again.getByRole('button', { name: 'Reset Password' }).click();
      await again
        .getByRole('alert')
        .getByText(/reset link/i)
        .waitFor();

      await page.goto(`${server.url}/auth`);
      await signInOnAuthPage(page, 'forgetful@example.ca', 'Birch#Canoe77');
      await toast(page, 'Great to see you again, Fran!').waitFor();
      await page.waitForURL((url) => url.pathname === '/');

      expect(unexpected(errors, 400)).toEqual([]);
      await context.close();
    });

    it('sends a visitor from a guarded page to /auth and back, then edits profile, address and settings', async () => {
      await registerAccount(server, 'editor@example.ca', 'Maple#Syrup26', 'Eddie Editor');
      const { page, errors, context } = await newPage(browser, DESKTOP);

      await page.goto(`${server.url}/settings`);
      await page.waitForURL((url) => url.pathname === '/auth');
      expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBe('/settings');
      await signInOnAuthPage(page, 'editor@example.ca', 'Maple#Syrup26');
      await page.waitForURL((url) => url.pathname === '/settings');
      expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBeNull();
      await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();

      // Notification toggles are saved to the account, not kept in the page.
      const sms = page.getByRole('switch', { name: 'SMS Notifications' });
      await sms.waitFor();
      expect(await sms.getAttribute('aria-checked')).toBe('true');
      expect(
        await page.getByRole('switch', { name: 'Promotional Messages' }).getAttribute('aria-checked'),
      ).toBe('false');
      await sms.click();
      await toast(page, 'Notification settings saved').waitFor();
      await page.reload();
      await expect
        .poll(() => page.getByRole('switch', { name: 'SMS Notifications' }).getAttribute('aria-checked'))
        .toBe('false');

      // Password & Security: Cancel hides and clears.
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByLabel('Current Password').fill('something');
      await page.getByRole('button', { name: 'Cancel' }).last().click();
      await page.getByRole('button', { name: 'Change Password' }).click();
      expect(await page.getByLabel('Current Password').inputValue()).toBe('');

      // Edit profile.
      await page.goto(`${server.url}/edit-profile`);
      const profile = page.getByRole('form', { name: 'Edit Profile' });
      await profile.getByLabel('Full Name').fill('E');
      await profile.getByRole('button', { name: 'Save Changes' }).click();
      await profile.getByText('Full name must be at least 2 characters').waitFor();
      await profile.getByLabel('Full Name').fill('Edwina Editor');
      await profile.getByLabel('Phone (optional)').fill('416-555-0142');
      await profile.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Profile updated successfully!').waitFor();
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByRole('heading', { name: 'Edwina Editor', level: 1 }).waitFor();
      await page.getByText('416-555-0142').waitFor();

      // Manage address: the postal code is upper-cased as typed and stored normalised.
      await page.goto(`${server.url}/manage-address`);
      const address = page.getByRole('form', { name: 'Address Information' });
      await address.getByLabel('Street Address').fill('100 Queen Street West');
      await address.getByLabel('City').fill('Toronto');
      await address.getByLabel('Province').selectOption('ON');
      await address.getByLabel('Postal Code').fill('m5h2n2');
      expect(await address.getByLabel('Postal Code').inputValue()).toBe('M5H 2N2');
      await page.getByText('Format: A1A 1A1').waitFor();
      await address.getByRole('button', { name: 'Save Address' }).click();
      await toast(page, 'Address updated successfully!').waitFor();
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByText('Toronto, Ontario').waitFor();

      // Non-admins are sent home from the admin-only e-mail test page.
      await page.goto(`${server.url}/test-notifications`);
      await page.waitForURL((url) => url.pathname === '/');

      // Signing out from the profile goes home, and the account pages are closed again.
      await page.goto(`${server.url}/profile`);
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`${server.url}/profile`);
      await page.waitForURL((url) => url.pathname === '/auth');

      expect(errors).toEqual([]);
      await context.close();
    });

    it('sends admins to /admin and partners to /partner-dashboard after signing in with nothing stored', async () => {
      for (const [email, path] of [
        ['admin@example.com', '/admin'],
        ['partner@example.com', '/partner-dashboard'],
      ] as const) {
        const { page, context } = await newPage(browser, DESKTOP);
        await page.goto(`${server.url}/auth`);
        await signInOnAuthPage(page, email, DEMO_PASSWORD);
        await page.waitForURL((url) => url.pathname === path);
        await context.close();
      }
    });

    it('works on a phone: help & support with the FAQ and the contact form', async () => {
      const { page, errors, context } = await newPage(browser, PHONE);
      await page.goto(`${server.url}/help-support`);
      await page.waitForURL((url) => url.pathname === '/auth');
      await signInOnAuthPage(page, 'customer@example.com', DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/help-support');
      await page.getByText('1-888-555-0199').waitFor();
      await page.getByText('support@trillium.test').waitFor();
      await page.getByText('24/7 Support').waitFor();

      await page.getByRole('button', { name: 'How do I book a service?' }).click();
      await page.getByText(/Visa, Mastercard or American Express/).waitFor();
      expect(await page.locator('main').textContent()).not.toContain('Interac');

      await page.getByRole('tab', { name: 'Contact Us' }).click();
      const contact = page.getByRole('form', { name: 'Contact Us' });
      await contact.getByRole('button', { name: 'Submit Request' }).click();
      await contact.getByText('Subject must be at least 5 characters').waitFor();
      await contact.getByText('Please select a category').waitFor();
      await contact.getByText('Message must be at least 20 characters').waitFor();
      await contact.getByLabel('Subject').fill('Question about my booking');
      await contact.getByLabel('Category').selectOption('booking');
      await contact.getByLabel('Message').fill('Can I move my cleaning appointment to next week, please?');
      await contact.getByRole('button', { name: 'Submit Request' }).click();
      await toast(page, 'Support request submitted!').waitFor();

      // Tap targets: every button and link in the page is at least 44px tall.
      const small = await page.locator('main').evaluate((main) =>
        [...main.querySelectorAll('button, a, input, select, textarea')]
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .filter((el) => el.getBoundingClientRect().height < 43.5)
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      expect(small).toEqual([]);

      expect(errors).toEqual([]);
      await context.close();
    });

    it('ends the phone menu with the account and Logout when signed in, Login and Sign Up when not', async () => {
      const { page, errors, context } = await newPage(browser, PHONE);
      await page.goto(`${server.url}/auth?tab=login`);
      await signInOnAuthPage(page, 'admin@example.com', DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/admin');
      // The welcome toast settles below the top bar (it slides in from above), never over its menu button.
      const welcome = page.locator('[data-sonner-toast]').first();
      await welcome.waitFor();
      const bar = await page.locator('header:visible').first().boundingBox();
      const settledAt = async () => {
        const before = await welcome.boundingBox();
        await page.waitForTimeout(100);
        const after = await welcome.boundingBox();
        return before && after && before.y === after.y ? after.y : Number.NaN;
      };
      await expect.poll(settledAt, { timeout: 3000 }).toBeGreaterThanOrEqual(bar!.y + bar!.height);
      const openMenu = () => page.locator('button[aria-label="Open menu"]:visible').click();
      await openMenu();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.getByRole('button', { name: 'Logout' }).waitFor();
      expect(await menu.getByRole('link', { name: 'Login' }).count()).toBe(0);
      expect(await menu.getByRole('link', { name: 'Sign Up' }).count()).toBe(0);
      expect(await menu.getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href')).toBe('/admin');
      // "Welcome, {name}" leads to the profile and closes the menu.
      await menu.getByRole('link', { name: /^Welcome, / }).click();
      await page.waitForURL((url) => url.pathname === '/profile');
      await menu.waitFor({ state: 'detached' });

      await openMenu();
      await menu.getByRole('button', { name: 'Logout' }).click();
      await toast(page, 'Logged out successfully').waitFor();
      await menu.waitFor({ state: 'detached' });
      expect((await page.context().request.get(`${server.url}/api/user`)).status()).toBe(401);
      await openMenu();
      await menu.getByRole('link', { name: 'Login' }).waitFor();
      await menu.getByRole('link', { name: 'Sign Up' }).waitFor();
      expect(await menu.getByRole('button', { name: 'Logout' }).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('lets an admin send a test e-mail that reaches the SMTP server', async () => {
      const { page, errors, context } = await newPage(browser, DESKTOP);
      await page.goto(`${server.url}/test-notifications`);
      await page.waitForURL((url) => url.pathname === '/auth');
      await signInOnAuthPage(page, 'admin@example.com', DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/test-notifications');
      await page
        .getByText(/SMTP_URL/)
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Send Test Email' }).click();
      await toast(page, 'Missing information').waitFor();
      await page.getByLabel('Recipient Email').fill('ops@example.ca');
      await page.getByLabel('Recipient Name').fill('Ops Team');
      await page.getByRole('button', { name: 'Send Test Email' }).click();
      await toast(page, 'Test email sent').waitFor();
      await expect
        .poll(() => smtp.received.some((m) => m.to.includes('ops@example.ca')), { timeout: 15_000 })
        .toBe(true);

      expect(errors).toEqual([]);
      await context.close();
    });

    for (const [size, options] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`has no serious or critical accessibility violations on the account screens (${size})`, async () => {
        // axe is injected as an inline script, which our Content-Security-Policy rightly forbids.
        const { page, context, errors } = await newPage(browser, { ...options, bypassCSP: true });
        const found: string[] = [];
        const check = async (label: string) =>
          found.push(...(await seriousViolations(page)).map((v) => `${label}: ${v}`));
        for (const path of ['/auth', '/auth?tab=signup', '/auth?tab=reset&email=a%40b.ca&token=x']) {
          await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
          await check(path);
        }
        if (size === 'desktop') {
          await page.goto(server.url, { waitUntil: 'networkidle' });
          await page.getByRole('banner').first().getByRole('button', { name: 'Sign Up' }).click();
          await page.getByRole('dialog').waitFor();
          await check('sign-up modal');
          await page.keyboard.press('Escape');
        }
        await page.goto(`${server.url}/auth`);
        await signInOnAuthPage(page, 'admin@example.com', DEMO_PASSWORD);
        await page.waitForURL((url) => url.pathname === '/admin');
        for (const path of [
          '/profile',
          '/edit-profile',
          '/change-password',
          '/manage-address',
          '/settings',
          '/help-support',
          '/test-notifications',
        ]) {
          await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
          await page.locator('main h1').first().waitFor();
          await check(path);
        }
        await context.close();
        expect(found).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  },
);

// Keeps hasBrowser referenced for when the suite is enabled as describe.skipIf(!hasBrowser()).
void hasBrowser;
