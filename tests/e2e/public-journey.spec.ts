import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasBrowser,
  launchBrowser,
  newPage,
  PHONE,
  type RunningServer,
  startTestServer,
} from '../support/browser';

/** Prices on the listing cards ("From $83.00/return"), in dollars. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('article p:has-text("From")').allTextContents();
  return texts.map((text) => Number(/\$([\d,]+\.\d{2})/.exec(text)?.[1]?.replace(/,/g, '')));
}

/** A rating of "0.0" (a price such as $80.00 is not one). */
const ZERO_RATING = /(?<![\d$.])0\.0(?!\d)/;

describe.skipIf(!hasBrowser())('public screens on a desktop', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('goes from the home search to the listing, a provider, its service page and the booking summary', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(server.url);
    expect(await page.title()).toBe('Trillium - Premium Professional Services Marketplace');
    await page.getByRole('heading', { name: 'Connect with professionals on Trillium', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Popular Categories' }).waitFor();
    // Popular categories: the first 4, linking to the listing by slug.
    await page.locator('a[href="/services?category=pet-grooming"]').first().waitFor();
    // Top providers: up to 10 cards.
    await page.getByText('Featured').first().waitFor();
    const topCards = page.locator('section[aria-labelledby="top-providers"] li');
    expect(await topCards.count()).toBeGreaterThan(0);
    expect(await topCards.count()).toBeLessThanOrEqual(10);

    const search = page.getByRole('combobox', { name: 'Search for services' });
    expect(await search.getAttribute('placeholder')).toBe(
      'Search for services... (e.g. lunch delivery, hair cut)',
    );
    // Hero suggestions: at most 6, and every one can be clicked (nothing clips the list).
    await search.pressSequentially('hair');
    const heroList = page.getByRole('listbox', { name: 'Suggestions' });
    await heroList.waitFor();
    const heroOptions = await heroList.getByRole('option').allTextContents();
    expect(heroOptions.length).toBeLessThanOrEqual(6);
    await heroList.getByRole('option').last().click({ timeout: 5000 });
    expect(await search.inputValue()).toBe(heroOptions.at(-1));
    await heroList.waitFor({ state: 'hidden' });
    await search.fill('cleaning');
    await page.getByLabel('Location').selectOption('toronto');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/services');
    expect(new URL(page.url()).search).toBe('?q=cleaning&location=toronto');
    await page.getByRole('heading', { name: 'Search Results for "cleaning"', level: 1 }).waitFor();
    expect(await page.title()).toContain('Search Results for "cleaning"');

    const bookNow = page.getByRole('link', { name: /^Book Now with / }).first();
    const providerName = (await bookNow.getAttribute('aria-label'))!.replace('Book Now with ', '');
    await bookNow.click();
    await page.waitForURL(/\/provider\/\d+$/);
    await page.getByRole('heading', { name: providerName, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Services Offered' }).waitFor();
    await page.getByRole('heading', { name: /^Reviews/ }).waitFor();

    await page.getByRole('link', { name: 'View service details' }).click();
    await page.waitForURL(/\/service\/\d+$/);
    await page.getByRole('heading', { name: providerName, level: 1 }).waitFor();
    for (const heading of ['About', 'Availability', 'Pricing', 'Service Areas', 'Book This Service']) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    expect(await page.locator('main').textContent()).toMatch(/\$\d+\.\d{2}\/\w+/);

    // On desktop the panel opens the booking dialog (the phone step flow is in the booking spec).
    await page.getByRole('button', { name: 'Book This Service' }).click();
    await page.getByRole('dialog', { name: `Book ${providerName}` }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the French-speaking providers with the filter, in the URL, each card with its badge', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${server.url}/services`);
    await page.getByText(/Showing 6 of \d+/).waitFor();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filter Options' });
    await sheet.getByRole('checkbox', { name: 'French-speaking' }).click();
    await sheet.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('lang') === 'fr');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ lang: 'fr' });
    // The demo's French-speaking providers (Ottawa and Toronto), every card with the badge.
    await page.getByText('Showing 5 of 5').waitFor();
    const cards = page.locator('main article');
    expect(await cards.count()).toBe(5);
    for (const card of await cards.all()) await card.getByText('French-speaking').waitFor();
    expect(await page.locator('main').textContent()).toContain('Trans-Canada Garage');
    // With the filter on, the Filters button counts it; Reset clears it.
    await page.getByRole('button', { name: /^Filters/ }).click();
    expect(await sheet.getByRole('checkbox', { name: 'French-speaking' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await sheet.getByRole('button', { name: 'Reset Filters' }).click();
    await page.waitForURL((url) => url.pathname === '/services' && url.search === '');

    // The provider page shows the badge too.
    await page.goto(`${server.url}/services?lang=fr&location=ottawa`);
    await page.getByRole('link', { name: 'Book Now with Trans-Canada Garage' }).click();
    await page.getByRole('heading', { name: 'Trans-Canada Garage', level: 1 }).waitFor();
    await page.locator('main').getByText('French-speaking').first().waitFor();

    // In French on a phone: the Filters sheet's checkbox, and the badge in French.
    const phone = await newPage(browser, PHONE);
    await phone.page.goto(`${server.url}/fr/services`);
    await phone.page.getByRole('button', { name: /^Filtres/ }).click();
    const filtres = phone.page.getByRole('dialog');
    await filtres.getByRole('checkbox', { name: 'Services en français' }).click();
    await filtres.getByRole('button', { name: /Appliquer/ }).click();
    await phone.page.waitForURL(
      (url) => url.pathname === '/fr/services' && url.searchParams.get('lang') === 'fr',
    );
    await phone.page.locator('main article').first().getByText('Services en français').waitFor();
    expect(await phone.page.locator('main article').count()).toBe(5);
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('applies filters and sort to the URL and the results, and Reset clears them', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${server.url}/services`);
    await page.getByRole('heading', { name: 'All Services', level: 1 }).waitFor();
    await page.getByText(/Showing 6 of \d+/).waitFor();

    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filter Options' });
    await sheet.getByText('Refine your search results.').waitFor();
    await sheet.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Home Cleaning' }).click();
    await sheet.getByRole('combobox', { name: 'Sort By' }).click();
    await page.getByRole('option', { name: 'Price: Low to High' }).click();
    await sheet.getByRole('button', { name: 'Apply Filters' }).click();

    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(params)).toEqual({ category: 'home-cleaning', sort: 'price_asc' });
    await page.getByRole('heading', { name: 'Home Cleaning Services', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Home Cleaning').waitFor();
    await expect.poll(async () => (await cardPrices(page)).length).toBeGreaterThan(1);
    const prices = await cardPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // The state follows the URL: going back restores the unfiltered listing.
    await page.goBack();
    await page.getByRole('heading', { name: 'All Services', level: 1 }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: 'Home Cleaning Services', level: 1 }).waitFor();

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await page.waitForURL((url) => url.pathname === '/services' && url.search === '');
    await page.getByRole('heading', { name: 'All Services', level: 1 }).waitFor();

    // A category in the path works too.
    await page.goto(`${server.url}/services/car-detailing`);
    await page.getByRole('heading', { name: 'Car Detailing Services', level: 1 }).waitFor();

    // Nothing matches: the empty state.
    await page.goto(`${server.url}/services?q=zzqxv`);
    await page.getByRole('heading', { name: 'No services found' }).waitFor();
    await page
      .getByText("Try adjusting your search or filter criteria to find what you're looking for.")
      .waitFor();
    await page.goto(`${server.url}/services?category=car-detailing&minPrice=190`);
    await page.getByRole('heading', { name: 'No service providers found' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads 6 more providers from the server with Load More Services', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${server.url}/services`);
    const summary = page.getByText(/Showing \d+ of \d+ service providers/);
    await summary.waitFor();
    expect(await page.locator('main article').count()).toBe(6);
    const total = Number(/of (\d+)/.exec((await summary.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(12);

    const request = page.waitForRequest(
      (r) => r.url().includes('/api/providers?') && r.url().includes('offset=6'),
    );
    await page.getByRole('button', { name: 'Load More Services' }).click();
    const url = new URL((await request).url());
    expect(url.searchParams.get('limit')).toBe('6');
    await page.getByText(`Showing 12 of ${total} service providers`).waitFor();
    expect(await page.locator('main article').count()).toBe(12);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('suggests services while typing; arrows and Enter choose one, Enter again searches', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${server.url}/services`);
    const box = page.getByRole('combobox', { name: 'Search for services' });
    await box.click();
    await box.pressSequentially('hair');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.waitFor();
    const options = await list.getByRole('option').allTextContents();
    expect(options.length).toBeGreaterThanOrEqual(2);
    expect(options.length).toBeLessThanOrEqual(8);
    expect(options).toContain('Hair Coloring');
    expect(options).toEqual([...options].sort((a, b) => a.localeCompare(b)));

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    expect(await list.getByRole('option', { selected: true }).textContent()).toBe(options[1]);
    expect(await box.getAttribute('aria-activedescendant')).toBeTruthy();
    await box.press('Enter');
    expect(await box.inputValue()).toBe(options[1]);
    await list.waitFor({ state: 'hidden' });
    expect(await box.getAttribute('aria-expanded')).toBe('false');

    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === options[1]);
    await page.getByRole('heading', { name: `Search Results for "${options[1]}"` }).waitFor();

    // Clearing the text closes the list; Escape closes it too.
    await box.fill('');
    await box.pressSequentially('cl');
    await list.waitFor();
    await box.press('Escape');
    await list.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows "New" for a provider without reviews, never 0.0 and empty stars', async () => {
    type Listed = { id: number; name: string; rating: number | null; reviewCount: number };
    const all = (await (await fetch(`${server.url}/api/providers?limit=100`)).json()) as Listed[];
    const fresh = all.find((p) => p.reviewCount === 0);
    expect(fresh, 'the demo data has a provider without reviews').toBeDefined();
    expect(fresh!.rating).toBeNull();
    const { page, errors, context } = await newPage(browser);

    // On its listing card.
    await page.goto(`${server.url}/services?q=${encodeURIComponent(fresh!.name)}`);
    const card = page.getByRole('article').filter({ hasText: fresh!.name });
    await card.getByText('New', { exact: true }).waitFor();
    await card.getByText('No reviews yet').waitFor();
    expect(await card.textContent()).not.toMatch(ZERO_RATING);

    // On its page, where a reviewed provider shows its average and count.
    await page.goto(`${server.url}/provider/${fresh!.id}`);
    const header = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
    await header.getByText('New', { exact: true }).waitFor();
    expect(await header.textContent()).not.toMatch(ZERO_RATING);
    expect(await header.textContent()).not.toMatch(/\(0 reviews?\)/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the 404 page and the missing-provider state', async () => {
    const { page, errors, context } = await newPage(browser);
    const response = await page.goto(`${server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.title()).toContain('404 Page Not Found');
    // The browser logs the page's own 404; nothing else may appear.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);

    await page.goto(`${server.url}/provider/999999`);
    await page.getByRole('heading', { name: 'Provider Not Found' }).waitFor();
    await page.getByText("The service provider you're looking for doesn't exist.").waitFor();
    await page.getByRole('link', { name: 'Back to Services' }).waitFor();
    // The browser itself logs the API's 404; nothing else may appear.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);

    // The booking summary without a stored booking says Loading... and goes home after 500 ms.
    // A watcher installed before the page loads records the text: polling for it after goto
    // can miss a 500 ms window on a loaded CI machine.
    await page.evaluate(() => localStorage.removeItem('currentBooking'));
    await page.addInitScript(() => {
      const seen = { loading: false };
      (window as unknown as { seenTexts: typeof seen }).seenTexts = seen;
      new MutationObserver(() => {
        if (document.body?.innerText.includes('Loading...')) seen.loading = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${server.url}/booking-confirmation`);
    await page.waitForURL(`${server.url}/`);
    expect(
      await page.evaluate(() => (window as unknown as { seenTexts: { loading: boolean } }).seenTexts.loading),
    ).toBe(true);
    await context.close();
  });

  it('renders every public page without console errors', async () => {
    const { page, errors, context } = await newPage(browser);
    const pages: [string, string][] = [
      ['/promotions', 'Promotions'],
      ['/announcements', 'Announcements'],
      ['/how-it-works', 'How Trillium works'],
      ['/terms', 'Terms of Service'],
      ['/provider/1', ''],
      ['/service/1', ''],
    ];
    for (const [path, heading] of pages) {
      await page.goto(`${server.url}${path}`);
      await page.locator('main h1').first().waitFor();
      if (heading) expect(await page.locator('main h1').first().textContent()).toBe(heading);
      expect(await page.locator('head meta[name="description"]').count()).toBe(1);
    }
    await page.goto(`${server.url}/promotions`);
    await page.getByRole('link', { name: 'Redeem Now' }).first().waitFor();
    await page.getByText('Limited Time Offer').first().waitFor();
    await page.goto(`${server.url}/announcements`);
    await page.getByRole('button', { name: 'Subscribe' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("builds the formatters' shared locale data in a worker before hydrating, in both languages, with nothing refused", async () => {
    // docs/decisions/015: the first Intl formatter's 100-140 ms task (at 4x slowdown) moves off the main thread.
    const { page, errors, context } = await newPage(browser);
    for (const path of ['/', '/fr']) {
      const worker = page.waitForEvent('worker');
      await page.goto(`${server.url}${path}`);
      expect((await worker).url()).toMatch(/^blob:/);
    }
    // The French page's ratings, in French once hydrated.
    expect(await page.locator('main').textContent()).toMatch(/\b[1-5],\d\b/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the header Services menu and shows the shadow after scrolling', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(server.url);
    const header = page.locator('header').first();
    await page.getByRole('button', { name: 'Services' }).hover();
    await page.getByRole('link', { name: 'Astrology' }).waitFor();
    await page.getByRole('link', { name: 'View All Services' }).waitFor();
    expect(await header.evaluate((el) => getComputedStyle(el).boxShadow)).toBe('none');
    await page.mouse.wheel(0, 600);
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await page.getByRole('button', { name: 'Back to top' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has store buttons that only alert, and a waitlist and newsletter that thank in a toast without a call', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${server.url}/#download-app`);
    const section = page.locator('#download-app');
    await section.getByRole('heading', { name: 'Trillium in your pocket' }).waitFor();

    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await section.getByRole('button', { name: /App Store/ }).click();
    await section.getByRole('button', { name: /Google Play/ }).click();
    await expect.poll(() => alerts.length).toBe(2);
    expect(alerts[0]).toMatch(/^Coming soon to the App Store! /);
    expect(alerts[1]).toMatch(/^Coming soon to Google Play! /);

    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(request.url());
    });
    await section.getByLabel('Email address').fill('waiting@example.ca');
    await section.getByRole('button', { name: 'Notify Me' }).click();
    await page.getByText('Thanks for joining the waitlist!').waitFor();
    await page.getByRole('button', { name: 'Close toast' }).first().waitFor();

    await page.getByRole('link', { name: 'Announcements' }).first().click();
    await page.getByRole('heading', { name: 'Announcements', level: 1 }).waitFor();
    await page.getByLabel('Email address').fill('news@example.ca');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('You’re subscribed!').waitFor();
    expect(calls.filter((url) => !url.includes('/api/announcements'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
