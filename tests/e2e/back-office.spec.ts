import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { DESKTOP, hasBrowser, launchBrowser, newPage, PHONE, type RunningServer } from '../support/browser';
import { type MailingServer, startTestServerWithMail } from '../support/mail-server';
import { linkPathFrom } from '../support/smtp';

const DEMO_PASSWORD = 'Trillium!2026';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const verifyPathFrom = (raw: string) => linkPathFrom(raw, '/verify-email?');

async function signInOnAuthPage(page: Page, serverUrl: string, email: string, password: string) {
  await page.goto(`${serverUrl}/auth`);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/auth');
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text).first();

describe.skipIf(!hasBrowser())(
  'back office: professional registration, e-mail verification, admin and partner dashboards',
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

    it('applies with documents, verifies through the e-mail, is approved, and edits a price that search shows', async () => {
      const email = 'aurora.gutters@example.ca';
      const password = 'Eaves#Trough42';
      const business = 'Aurora Gutter Pros';

      // 1. The application, with a profile image and a document uploaded for real.
      const applicant = await newPage(browser, DESKTOP);
      const page = applicant.page;
      await page.goto(`${server.url}/register-professional`);
      const form = page.getByRole('form', { name: 'Professional Registration' });
      await form.waitFor();
      expect(await page.title()).toBe('Register as Professional | Trillium');
      expect(await form.getByLabel('Province').inputValue()).toBe('on');
      expect(await form.getByLabel('Operating Hours').inputValue()).toBe('9:00 AM - 5:00 PM');

      await form.getByLabel('Full Name').fill('Aurora Lindqvist');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone').fill('416-555-0199');
      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.getByLabel('Confirm Password').fill(password);
      await form.getByLabel('Business Name').fill(business);
      await form.getByLabel('City').selectOption('toronto');
      await form
        .getByLabel('Services Description')
        .fill('Gutter cleaning, downspout repair and eavestrough guards across Toronto.');
      await form.getByLabel('Monday').check();
      await form.getByLabel('Wednesday').check();
      await form.getByLabel('Friday').check();

      await form
        .getByLabel('Upload Photo')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await form.getByText('Change Photo').waitFor();

      // A document over 10MB is skipped with the spec's toast; the small PDF is uploaded and listed.
      await form
        .getByLabel('Supporting Documents')
        .setInputFiles([
          { name: 'huge-scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) },
        ]);
      await toast(page, 'File Too Large').waitFor();
      await toast(page, 'huge-scan.pdf is too large. Maximum size is 10MB.').waitFor();
      await form
        .getByLabel('Supporting Documents')
        .setInputFiles({ name: 'business-licence.pdf', mimeType: 'application/pdf', buffer: PDF });
      const uploaded = form.getByRole('list', { name: 'Uploaded documents' });
      await uploaded.getByText('business-licence.pdf', { exact: true }).waitFor();
      expect(await uploaded.getByRole('listitem').count()).toBe(1);

      // No price yet: the spec's toast, nothing sent.
      await form.getByLabel('I agree to the terms and conditions').check();
      await form.getByRole('button', { name: 'Submit Application' }).click();
      await toast(page, 'Missing Price Information').waitFor();
      await toast(page, 'Add at least one service with pricing.').waitFor();

      await form.getByLabel('Service Name').fill('Gutter Cleaning');
      await form.getByLabel('Price (CAD)').fill('150');
      await form.getByLabel('Duration (optional)').fill('2 hours');
      await form.getByRole('button', { name: 'Submit Application' }).click();
      await page.getByRole('heading', { name: 'Registration Submitted!' }).waitFor();
      await page.getByRole('link', { name: 'Return to Home' }).waitFor();

      // 2. The verification e-mail arrives over SMTP; its link verifies the address.
      let verifyPath: string | undefined;
      for (let i = 0; i < 100 && !verifyPath; i++) {
        const message = smtp.received.find((m) => m.to.includes(email) && verifyPathFrom(m.raw));
        verifyPath = message ? verifyPathFrom(message.raw) : undefined;
        if (!verifyPath) await new Promise((resolve) => setTimeout(resolve, 150));
      }
      expect(verifyPath, 'a verification link reached the SMTP server').toBeTruthy();
      await page.goto(`${server.url}${verifyPath}`);
      await page.getByRole('heading', { name: 'Email Verified Successfully!' }).waitFor();
      await page.getByText(business).waitFor();
      await page.getByText('Our team reviews your application within 24-48 hours.').waitFor();
      expect(applicant.errors).toEqual([]);
      await applicant.context.close();

      // 3. The admin approves it in a category, after downloading the document.
      const admin = await newPage(browser, DESKTOP);
      await signInOnAuthPage(admin.page, server.url, 'admin@example.com', DEMO_PASSWORD);
      await admin.page.waitForURL((url) => url.pathname === '/admin');
      await admin.page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      await admin.page.getByRole('heading', { name: 'Action Required' }).waitFor();
      await admin.page.getByRole('button', { name: 'Review', exact: true }).click();
      await admin.page.getByRole('button', { name: /^Pending/, pressed: true }).waitFor();
      const card = admin.page.getByRole('article', { name: business });
      await card.getByText('Pending', { exact: true }).waitFor();
      await card.getByText('1 priced service').waitFor();
      await card.getByText('Monday, Wednesday, Friday').waitFor();
      const [download] = await Promise.all([
        admin.page.waitForEvent('download'),
        card.getByRole('button', { name: 'business-licence.pdf' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('business-licence.pdf');

      await card.getByRole('button', { name: 'Approve' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Approve Application' });
      await dialog.getByLabel('Category').waitFor();
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.getByText('Please select a category for approval.').waitFor();
      await toast(admin.page, 'Category Required').waitFor();
      await dialog.getByLabel('Category').selectOption({ label: 'Home Cleaning' });
      await dialog.getByLabel('Admin Notes (optional)').fill('Licence checked.');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await toast(admin.page, 'Application Updated').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await admin.page.getByRole('button', { name: /^Approved/ }).click();
      await admin.page
        .getByRole('article', { name: business })
        .getByText('Approved', { exact: true })
        .waitFor();
      expect(admin.errors).toEqual([]);
      await admin.context.close();

      // 4. The new partner signs in, sees the dashboard, finds the listing in search, edits the price.
      const partner = await newPage(browser, DESKTOP);
      await signInOnAuthPage(partner.page, server.url, email, password);
      await partner.page.waitForURL((url) => url.pathname === '/partner-dashboard');
      await partner.page.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
      await partner.page.getByText('Manage your bookings and services').waitFor();
      await partner.page.getByText('Total Bookings').waitFor();

      await partner.page.goto(`${server.url}/services?q=Aurora`);
      const listing = partner.page.getByRole('article').filter({ hasText: business });
      // Cards show all-in prices: $150.00 with the service fee and its HST (docs/product.md §7).
      await listing.getByText('$155.09', { exact: true }).waitFor();
      // Back to the dashboard without a reload: the cached search must be refreshed after the save.
      await partner.page.getByRole('contentinfo').getByRole('link', { name: 'Partner Dashboard' }).click();
      await partner.page.getByRole('tab', { name: 'Services' }).click();
      const services = partner.page.getByRole('form', { name: 'Services' });
      await expect.poll(() => services.getByLabel('Price (CAD)').inputValue()).toBe('150.00');
      await services.getByLabel('Price (CAD)').fill('175');
      await services.getByRole('button', { name: 'Save Services' }).click();
      await toast(partner.page, 'Services saved').waitFor();
      await partner.page.goBack();
      await partner.page.waitForURL((url) => url.pathname === '/services');
      await listing.getByText('Gutter Cleaning - $180.93').waitFor();
      await listing.getByText('$180.93', { exact: true }).waitFor();
      expect(await listing.getByText('French-speaking').count()).toBe(0);

      // The partner serves in French too: the listing gets the badge and the French-speaking search.
      await partner.page.goto(`${server.url}/partner-dashboard`);
      await partner.page.getByRole('tab', { name: 'Services' }).click();
      const details = partner.page.getByRole('form', { name: 'Listing Details' });
      // City and Street address share a row: their boxes line up although only the street has a hint.
      const city = await details.getByLabel('City', { exact: true }).boundingBox();
      const street = await details.getByLabel('Street address (optional)').boundingBox();
      expect([city!.y, city!.height]).toEqual([street!.y, street!.height]);
      const group = details.getByRole('group', { name: 'Languages you serve customers in' });
      expect(await group.getByRole('checkbox', { name: 'English' }).getAttribute('aria-checked')).toBe(
        'true',
      );
      await group.getByRole('checkbox', { name: 'English' }).click();
      await details.getByRole('button', { name: 'Save Listing' }).click();
      await details.getByText('Choose at least one language you serve customers in').waitFor();
      await group.getByRole('checkbox', { name: 'French' }).click();
      await details.getByRole('button', { name: 'Save Listing' }).click();
      await toast(partner.page, 'Listing saved').waitFor();
      await partner.page.goto(`${server.url}/services?q=Aurora&lang=fr`);
      await listing.getByText('French-speaking').waitFor();
      expect(partner.errors).toEqual([]);
      await partner.context.close();
    });

    it('shows the demo applications waiting for review, with documents that download, and a rejection with its reason', async () => {
      const admin = await newPage(browser, DESKTOP);
      await signInOnAuthPage(admin.page, server.url, 'admin@example.com', DEMO_PASSWORD);
      await admin.page.waitForURL((url) => url.pathname === '/admin');
      await admin.page.getByRole('heading', { name: 'Action Required' }).waitFor();
      await admin.page.getByRole('button', { name: 'Review', exact: true }).click();
      await admin.page.getByRole('button', { name: /^Pending/, pressed: true }).waitFor();

      const mechanics = admin.page.getByRole('article', { name: 'Harbourfront Mobile Mechanics' });
      await mechanics.getByText('Pending', { exact: true }).waitFor();
      await mechanics.getByText('Email verified', { exact: true }).waitFor();
      await mechanics.getByText('Hamilton, ON').waitFor();
      const [download] = await Promise.all([
        admin.page.waitForEvent('download'),
        mechanics.getByRole('button', { name: 'business-licence.pdf' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('business-licence.pdf');
      const pdf = await readFile(await download.path());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      await admin.page
        .getByRole('article', { name: 'Little Sprouts Home Childcare' })
        .getByText('Ottawa, ON')
        .waitFor();
      await admin.page
        .getByRole('article', { name: 'Golden Crust Catering Co.' })
        .getByText('Email not verified', { exact: true })
        .waitFor();

      await admin.page.getByRole('button', { name: /^Rejected/ }).click();
      const rejected = admin.page.getByRole('article', { name: 'Flood Stop Drain Services' });
      await rejected.getByText('Rejected', { exact: true }).waitFor();
      await rejected.getByText(/liability insurance certificate expired/).waitFor();
      expect(await rejected.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      expect(admin.errors).toEqual([]);
      await admin.context.close();
    });

    it('shows Access Restricted to a customer on /partner-dashboard and sends a non-admin away from /admin', async () => {
      const { page, errors, context } = await newPage(browser, PHONE);
      await signInOnAuthPage(page, server.url, 'customer@example.com', DEMO_PASSWORD);
      await page.goto(`${server.url}/partner-dashboard`);
      await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
      await page.getByText('This dashboard is only available to approved business partners.').waitFor();
      await page.goto(`${server.url}/admin`);
      await page.waitForURL((url) => url.pathname === '/');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('shows the back office in French under /fr, every text from the catalogs', async () => {
      const { page, errors, context } = await newPage(browser, DESKTOP);
      // A message missing from a catalog would show as its id (admin.tab.apps).
      const noMessageIds = async () =>
        expect(await page.locator('main').innerText()).not.toMatch(
          /\b(admin|partner|backoffice|applications)\.[a-z]+\.?[a-zA-Z]*/,
        );
      await page.goto(`${server.url}/fr/register-professional`);
      await page.getByRole('heading', { name: 'S’inscrire comme professionnel', level: 1 }).waitFor();
      await page.getByRole('form', { name: 'Inscription professionnelle' }).waitFor();
      await noMessageIds();

      await signInOnAuthPage(page, server.url, 'admin@example.com', DEMO_PASSWORD);
      await page.goto(`${server.url}/fr/admin`);
      await page.getByRole('heading', { name: 'Tableau de bord administrateur', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Action requise' }).waitFor();
      await noMessageIds();
      for (const [tab, text] of [
        ['Demandes', 'Courriel vérifié'],
        ['Réservations', 'Confirmées'],
        ['Utilisateurs', 'Utilisateurs au total'],
        ['Audit', 'Afficher les entrées'],
      ] as const) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByText(text).first().waitFor();
        await noMessageIds();
      }
      await context.clearCookies();

      await signInOnAuthPage(page, server.url, 'partner@example.com', DEMO_PASSWORD);
      await page.goto(`${server.url}/fr/partner-dashboard`);
      await page.getByRole('heading', { name: 'Tableau de bord du professionnel', level: 1 }).waitFor();
      await page.getByText('Réservations au total').waitFor();
      await noMessageIds();
      await page.getByRole('tab', { name: 'Horaire' }).click();
      await page.getByRole('form', { name: 'Heures de la semaine' }).getByText('lundi').waitFor();
      await page.getByRole('tab', { name: 'Services' }).click();
      const details = page.getByRole('form', { name: 'Détails de la fiche' });
      await details.getByRole('checkbox', { name: 'Français' }).waitFor();
      await noMessageIds();
      expect(errors).toEqual([]);
      await context.close();
    });

    it('shows the verification error for a link without a token', async () => {
      const { page, errors, context } = await newPage(browser, PHONE);
      await page.goto(`${server.url}/email-verified`);
      await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
      await page.getByText('Invalid verification link - missing token.').waitFor();
      await page.getByRole('link', { name: 'Submit New Application' }).waitFor();
      await page.getByRole('link', { name: 'Back to Home' }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });

    it('asks before a partner cancels a booking, saying it is refunded in full', async () => {
      const { page, errors, context } = await newPage(browser, DESKTOP);
      await signInOnAuthPage(page, server.url, 'partner@example.com', DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/partner-dashboard');
      await page.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
      const bookings = page.getByRole('list', { name: 'Bookings' });
      await bookings.getByRole('listitem').first().waitFor();
      // The seeded partner has an upcoming confirmed (paid) booking: Cancel asks first, and Keep keeps it.
      await bookings.getByRole('button', { name: 'Cancel' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
      await dialog.getByText(/refunded in full/).waitFor();
      await dialog.getByRole('button', { name: 'Keep Booking' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await bookings.getByRole('listitem').filter({ hasText: 'Cancelled' }).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });

    it("lets an admin cancel with a reason that the partner's list and the customer's e-mail quote", async () => {
      const reason = 'The professional is ill and no one can replace them.';
      // The partner's upcoming paid booking, by its reference.
      const partner = await newPage(browser, DESKTOP);
      await signInOnAuthPage(partner.page, server.url, 'partner@example.com', DEMO_PASSWORD);
      await partner.page.waitForURL((url) => url.pathname === '/partner-dashboard');
      const partnerList = partner.page.getByRole('list', { name: 'Bookings' });
      const upcoming = partnerList
        .getByRole('listitem')
        .filter({ has: partner.page.getByRole('button', { name: 'Cancel' }) });
      const reference = /Ref\. (TR-\S+)/.exec(await upcoming.first().innerText())?.[1];
      expect(reference, 'the partner has an upcoming booking with a reference').toBeTruthy();

      const admin = await newPage(browser, DESKTOP);
      await signInOnAuthPage(admin.page, server.url, 'admin@example.com', DEMO_PASSWORD);
      await admin.page.goto(`${server.url}/admin`);
      await admin.page.getByRole('tab', { name: 'Bookings' }).click();
      const card = admin.page
        .getByRole('region', { name: 'Bookings list' })
        .getByRole('listitem')
        .filter({ hasText: `Ref. ${reference}` });
      await card.getByRole('button', { name: 'Cancel' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Cancel this booking?' });
      await dialog.getByText(/refunded in full/).waitFor();
      await dialog.getByLabel('Reason for the customer (optional)').fill(reason);
      await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
      await toast(admin.page, 'The booking is cancelled and refunded in full.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await card.getByText('Cancelled', { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: 'Cancel' }).count()).toBe(0);

      await partner.page.reload();
      const cancelled = partnerList.getByRole('listitem').filter({ hasText: `Ref. ${reference}` });
      await cancelled.getByText(`Cancelled by Trillium: “${reason}”`).waitFor();

      const decoded = (raw: string) =>
        raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      await expect
        .poll(
          () =>
            smtp.received.some(
              (m) =>
                m.to.includes('customer@example.com') &&
                decoded(m.raw).includes(`Trillium cancelled this booking: ${reason}`),
            ),
          { timeout: 15_000 },
        )
        .toBe(true);
      expect(admin.errors).toEqual([]);
      expect(partner.errors).toEqual([]);
      await admin.context.close();
      await partner.context.close();
    });

    for (const [size, options] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`has no serious or critical accessibility violations on the back-office screens (${size})`, async () => {
        // axe is injected as an inline script, which our Content-Security-Policy rightly forbids.
        const { page, context, errors } = await newPage(browser, { ...options, bypassCSP: true });
        const found: string[] = [];
        const check = async (label: string) =>
          found.push(...(await seriousViolations(page)).map((v) => `${label}: ${v}`));

        await page.goto(`${server.url}/register-professional`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { name: 'Register as Professional' }).waitFor();
        await check('/register-professional');

        await signInOnAuthPage(page, server.url, 'admin@example.com', DEMO_PASSWORD);
        await page.goto(`${server.url}/admin`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
        await check('/admin overview');
        for (const tab of ['Apps', 'Bookings', 'Users']) {
          await page.getByRole('tab', { name: tab }).click();
          await page.waitForLoadState('networkidle');
          await check(`/admin ${tab}`);
        }
        await page
          .getByRole('button', { name: 'Logout' })
          .first()
          .click({ timeout: 2000 })
          .catch(() => {});
        await context.clearCookies();

        await signInOnAuthPage(page, server.url, 'partner@example.com', DEMO_PASSWORD);
        await page.goto(`${server.url}/partner-dashboard`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
        await check('/partner-dashboard');
        await page.getByRole('tab', { name: 'Services' }).click();
        await page.getByRole('form', { name: 'Services' }).waitFor();
        await check('/partner-dashboard services');

        expect(found).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  },
);
