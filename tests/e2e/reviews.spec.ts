import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertReview } from '../../src/server/db/seed/factories';
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

/**
 * Verified reviews as people use them (docs/product.md §8): the demo customer reviews the Deep Cleaning
 * from My Bookings (stars by keyboard, two photos), sees it on the provider's page with its Verified
 * Purchase badge and the photos in a lightbox; the partner replies from the Reviews tab; a customer
 * reports a review and an admin hides it. axe at desktop and phone sizes on each screen.
 */
describe.skipIf(!hasBrowser())('verified reviews', () => {
  let server: RunningServer;
  let browser: Browser;
  let listing: { id: number; name: string };
  const comment = 'Spotless kitchen and bathrooms, on time and friendly. Thank you!';
  const replyText = 'Thank you, Chris! It was a pleasure. See you next time.';

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'trillium-reviews-e2e-'));
    [server, browser] = await Promise.all([startTestServer({ env: { DATA_DIR: dataDir } }), launchBrowser()]);
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'partner@example.com', password: DEMO_PASSWORD }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    listing = await (await fetch(`${server.url}/api/partner/listing`, { headers: { cookie } })).json();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signedIn(email: string, options = DESKTOP) {
    // axe is injected as an inline script, which our Content-Security-Policy rightly forbids.
    const opened = await newPage(browser, { ...options, bypassCSP: true });
    const response = await opened.context.request.post(`${server.url}/api/login`, {
      data: { email, password: DEMO_PASSWORD },
    });
    expect(response.status()).toBe(200);
    return opened;
  }

  const photo = (colour: string) =>
    sharp({ create: { width: 2400, height: 1800, channels: 3, background: colour } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 39/1 0/1' } })
      .toBuffer();

  const reviewsSection = (page: Page) => page.getByRole('region', { name: /^Reviews/ });

  it('the customer reviews the Deep Cleaning with stars by keyboard and photos, and sees it on the page', async () => {
    const { page, context, errors } = await signedIn('customer@example.com');
    await page.goto(`${server.url}/bookings`);
    await page.getByRole('tab', { name: 'Past' }).click();
    await page.getByRole('button', { name: 'Leave a review: Deep Cleaning' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave a review' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: '1 star: poor' }).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('radio', { name: '5 stars: excellent' }).isChecked()).toBe(true);
    await dialog.getByLabel('Your review').fill(comment);
    await dialog.getByTestId('review-photo-input').setInputFiles([
      { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await photo('#3a7d5c') },
      { name: 'bathroom.jpg', mimeType: 'image/jpeg', buffer: await photo('#c08040') },
    ]);
    await dialog.getByRole('img', { name: 'Added 2 of 2: bathroom.jpg' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Post Review' }).click();
    await page.locator('[data-sonner-toast]').getByText('Thank you for your review').first().waitFor();
    // The card now offers the review itself (editable for 48 hours).
    await page.getByRole('button', { name: 'Your review: Deep Cleaning' }).click();
    const own = page.getByRole('dialog', { name: 'Your review' });
    await own.getByText(/You can change your review until .* ET\./).waitFor();
    await own.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${server.url}/provider/${listing.id}`);
    const section = reviewsSection(page);
    const mine = section.getByRole('listitem').filter({ hasText: comment });
    await mine.waitFor();
    expect(await mine.getByText('Verified Purchase').count()).toBe(1);
    expect(await mine.getByRole('img', { name: 'Rated 5.0 out of 5' }).count()).toBe(1);

    // The photos open in a lightbox: arrow keys move, Escape closes, the focus returns to the photo.
    const first = mine.getByRole('button', { name: "Open photo 1 of 2 from Chris Customer's review" });
    await first.click();
    const lightbox = page.getByRole('dialog', { name: "Photos from Chris Customer's review" });
    await lightbox.waitFor();
    const shown = lightbox.getByRole('img', { name: "From Chris Customer's review, 1 of 2" });
    await shown.waitFor();
    expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    await page.keyboard.press('ArrowRight');
    await lightbox.getByText('Photo 2 of 2').waitFor();
    await page.keyboard.press('ArrowRight');
    await lightbox.getByText('Photo 1 of 2').waitFor();
    await lightbox.getByRole('button', { name: 'Previous photo' }).click();
    await lightbox.getByText('Photo 2 of 2').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    // Focus goes back to the photo that opened it; the dialog gives it back just after it unmounts.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe("Open photo 1 of 2 from Chris Customer's review");

    // The histogram filters the list to one star count.
    const fiveStars = section.getByRole('button', { name: /^5 stars/ });
    expect(await fiveStars.getAttribute('aria-pressed')).toBe('false');
    await fiveStars.click();
    expect(await fiveStars.getAttribute('aria-pressed')).toBe('true');
    await section.getByText(/^Showing \d+ of \d+ reviews?$/).waitFor();
    const list = section.getByRole('list', { name: `Reviews of ${listing.name}` });
    expect(await list.getByRole('img', { name: /^Rated 5/ }).count()).toBeGreaterThan(0);
    expect(await list.getByRole('img', { name: /^Rated [1-4]/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the partner replies from the Reviews tab, and the reply shows under the review', async () => {
    for (const [size, options] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { page, context, errors } = await signedIn('partner@example.com', options);
      await page.goto(`${server.url}/partner-dashboard`);
      await page.getByRole('tab', { name: 'Reviews' }).click();
      const tab = page.getByRole('region', { name: 'Reviews', exact: true });
      const card = tab.getByRole('listitem').filter({ hasText: comment });
      await card.waitFor();
      expect(await seriousViolations(page), size).toEqual([]);
      if (size === 'desktop') {
        // Newest first, and not answered yet.
        expect(await tab.getByRole('listitem').first().textContent()).toContain(comment);
        expect(await card.getByText('Needs a reply').count()).toBe(1);
        await card.getByRole('button', { name: 'Reply to Chris Customer' }).click();
        await card.getByLabel('Your public reply to Chris Customer').fill(replyText);
        await card.getByRole('button', { name: 'Post reply' }).click();
        await page.locator('[data-sonner-toast]').getByText('Reply posted').first().waitFor();
        await card.getByText(replyText).waitFor();
        expect(await card.getByText('Needs a reply').count()).toBe(0);
        expect(await seriousViolations(page), size).toEqual([]);
      } else {
        await card.getByRole('button', { name: 'Edit reply to Chris Customer' }).waitFor();
      }
      expect(errors).toEqual([]);
      await context.close();
    }
    const { page, context } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/provider/${listing.id}`);
    const mine = reviewsSection(page).getByRole('listitem').filter({ hasText: comment });
    await mine.getByText(`Response from ${listing.name}`).waitFor();
    expect(await mine.getByText(replyText).count()).toBe(1);
    await context.close();
  });

  it('the reviews section is axe clean at desktop and phone sizes, for visitors and signed in', async () => {
    for (const options of [DESKTOP, PHONE]) {
      for (const who of [null, 'customer@example.com'] as const) {
        const { page, context, errors } = who
          ? await signedIn(who, options)
          : await newPage(browser, { ...options, bypassCSP: true });
        await page.goto(`${server.url}/provider/${listing.id}`, { waitUntil: 'networkidle' });
        await reviewsSection(page)
          .getByText(/^Showing \d+ of \d+ reviews?$/)
          .waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });

  it('shows ten reviews at a time, and Show more reviews the next ones', async () => {
    const providers = (await (await fetch(`${server.url}/api/providers?limit=5`)).json()) as { id: number }[];
    const other = providers.find((p) => p.id !== listing.id)!;
    for (let n = 0; n < 12; n++)
      await insertReview(server.database.db, {
        providerId: other.id,
        rating: 3 + (n % 3),
        comment: `Paged review number ${n + 1}, all fine.`,
        authorName: `Pat Pager${n + 1}`,
        createdAt: new Date(Date.now() - (n + 1) * 60_000),
      });
    const { page, context, errors } = await newPage(browser, PHONE);
    await page.goto(`${server.url}/provider/${other.id}`);
    const section = reviewsSection(page);
    const status = section.getByText(/^Showing \d+ of (\d+) reviews$/);
    await status.waitFor();
    const total = Number(/of (\d+)/.exec((await status.textContent())!)![1]);
    expect(total).toBeGreaterThan(12);
    expect(await status.textContent()).toBe(`Showing 10 of ${total} reviews`);
    await section.getByRole('button', { name: 'Show more reviews' }).click();
    await section.getByText(`Showing ${Math.min(20, total)} of ${total} reviews`).waitFor();
    expect(await section.getByText('Paged review number 12, all fine.').count()).toBe(1);
    if (total <= 20) expect(await section.getByRole('button', { name: 'Show more reviews' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a signed-in customer reports a review; an admin hides it and it leaves the page', async () => {
    const customer = await signedIn('customer@example.com');
    await customer.page.goto(`${server.url}/provider/${listing.id}`);
    const section = reviewsSection(customer.page);
    const list = section.getByRole('list', { name: `Reviews of ${listing.name}` });
    // Another person's review (the customer's own is the one just written).
    const reportButton = list.getByRole('button', { name: /^Report (?!Chris Customer)/ }).first();
    const author = (await reportButton.getAttribute('aria-label'))!.replace(/^Report (.*)'s review$/, '$1');
    await reportButton.click();
    const report = customer.page.getByRole('dialog', { name: 'Report this review' });
    await report.getByRole('radio', { name: 'Offensive or abusive' }).check();
    await report.getByLabel('Details (optional)').fill('Insults the cleaner by name.');
    expect(await seriousViolations(customer.page)).toEqual([]);
    await report.getByRole('button', { name: 'Send report' }).click();
    await customer.page.locator('[data-sonner-toast]').getByText('Review reported').first().waitFor();
    expect(customer.errors).toEqual([]);
    await customer.context.close();

    const admin = await signedIn('admin@example.com');
    await admin.page.goto(`${server.url}/admin`);
    await admin.page.getByRole('tab', { name: 'Reviews' }).click();
    const panel = admin.page.getByRole('region', { name: 'Review moderation' });
    const card = panel.getByRole('listitem').filter({ hasText: 'Insults the cleaner by name.' }).first();
    await card.waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    await card.getByRole('button', { name: 'Hide', exact: true }).click();
    const decide = admin.page.getByRole('dialog', { name: 'Hide this review' });
    await decide.getByLabel('Reason').fill('Names and insults an employee.');
    await decide.getByRole('button', { name: 'Hide review' }).click();
    await admin.page.locator('[data-sonner-toast]').getByText('Review hidden').first().waitFor();
    await panel.getByRole('button', { name: 'Hidden', exact: true }).click();
    await panel.getByText('Hidden by Alex Admin on', { exact: false }).first().waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();
    const phoneAdmin = await signedIn('admin@example.com', PHONE);
    await phoneAdmin.page.goto(`${server.url}/admin`);
    await phoneAdmin.page.getByRole('tab', { name: 'Reviews' }).click();
    const phonePanel = phoneAdmin.page.getByRole('region', { name: 'Review moderation' });
    await phonePanel.getByRole('button', { name: 'All', exact: true }).click();
    await phonePanel.getByText('Names and insults an employee.', { exact: false }).first().waitFor();
    expect(await seriousViolations(phoneAdmin.page)).toEqual([]);
    await phoneAdmin.context.close();

    const visitor = await newPage(browser, PHONE);
    await visitor.page.goto(`${server.url}/provider/${listing.id}`);
    await reviewsSection(visitor.page).getByText(comment).waitFor();
    expect(await reviewsSection(visitor.page).getByText(author, { exact: true }).count()).toBe(0);
    await visitor.context.close();
  });
});
