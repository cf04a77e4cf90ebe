import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import {
  DESKTOP,
  hasBrowser,
  launchBrowser,
  newPage,
  PHONE,
  type RunningServer,
  startTestServer,
} from '../support/browser';
import { pickFreeTime, providerWithServices } from '../support/booking-journey';

// A hostile accessibility review as a keyboard-only person and a screen-reader user (Tab, Shift+Tab,
// Enter, Space, Escape and the arrow keys; accessible names, roles, live regions and where the focus
// lands), at 1280x800 and 390x844 (2026-11-27). The group "found by the review, fixed" failed before
// its fixes (focus-return.ts in the dialogs and sheets, the star rating's ref and error, Load More, a
// tab panel's own Suspense); the "checked:" group held and guards it now. Screenshots of focused controls go to /tmp/kbd-review.

const SHOTS = '/tmp/kbd-review';

/** A short description of the focused element, for failure messages. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body> (nothing focused)';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()}${el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : ''}> "${name}"`;
  });
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement, undefined, { timeout: 5_000 });
}

/** Waits (briefly) for `target` to hold the focus; fails saying where the focus is instead. */
async function expectFocusOn(page: Page, target: Locator, what: string) {
  await expect
    .poll(() => isFocused(target), { timeout: 2_000 })
    .toBe(true)
    .catch(async () => {
      throw new Error(`${what}; the focus is on ${await describeFocus(page)}`);
    });
}

/** Presses Tab until `target` has the focus (at most `max` presses); fails saying where it got stuck. */
async function tabTo(page: Page, target: Locator, what: string, max = 80) {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return;
    if (presses < max) await page.keyboard.press('Tab');
  }
  throw new Error(`${what} was not reached with ${max} Tabs; the focus is on ${await describeFocus(page)}`);
}

/** The focus is inside the element (a dialog, a panel). */
const holdsFocus = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

async function signIn(context: BrowserContext, server: RunningServer, who: 'customer' | 'partner' | 'admin') {
  const response = await context.request.post(`${server.url}/api/login`, {
    data: { email: `${who}@example.com`, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
}

/** Opens a dialog from a button with the keyboard (Tab to it, Enter) and waits for the focus inside. */
async function openDialogByKeyboard(page: Page, opener: Locator, what: string, name?: string | RegExp) {
  await tabTo(page, opener, what);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', name ? { name } : undefined);
  await dialog.waitFor();
  await expect
    .poll(() => holdsFocus(dialog), { message: `the focus moves into ${what}'s dialog` })
    .toBe(true);
  return dialog;
}

/** Escape closes the dialog, and the focus goes back to the control that opened it (WCAG 2.4.3). */
/** As the customer, My Bookings' Past tab by the keyboard, then its first Leave a review dialog. */
async function openReviewByKeyboard(page: Page, context: BrowserContext, server: RunningServer) {
  await signIn(context, server, 'customer');
  await page.goto(`${server.url}/bookings`);
  await tabTo(page, page.getByRole('tab', { name: 'Upcoming' }), 'the Upcoming tab');
  await page.keyboard.press('ArrowRight');
  return openDialogByKeyboard(
    page,
    page.getByRole('button', { name: /^Leave a review/ }).first(),
    'Leave a review',
    'Leave a review',
  );
}

async function expectEscapeReturnsFocus(page: Page, dialog: Locator, opener: Locator, what: string) {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expectFocusOn(page, opener, `Escape should give the focus back to ${what}`);
}

describe.skipIf(!hasBrowser())('keyboard and screen-reader review', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  describe('found by the review, fixed', () => {
    it("the header's Login dialog gives the focus back to Login when Escape closes it", async () => {
      const { page, context } = await newPage(browser, DESKTOP);
      await page.goto(`${server.url}/`);
      const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
      const dialog = await openDialogByKeyboard(page, login, 'Login', 'Welcome back');
      await expectEscapeReturnsFocus(page, dialog, login, 'the header’s Login button');
      await context.close();
    });

    it('the Forgot password dialog gives the focus back to the page when Escape closes it, not to <body>', async () => {
      const { page, context } = await newPage(browser, DESKTOP);
      await page.goto(`${server.url}/`);
      const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
      const dialog = await openDialogByKeyboard(page, login, 'Login', 'Welcome back');
      const forgot = dialog.getByRole('button', { name: 'Forgot password?' });
      await tabTo(page, forgot, 'Forgot password?');
      await page.keyboard.press('Enter');
      const reset = page.getByRole('dialog', { name: 'Forgot your password?' });
      await reset.waitFor();
      await expect.poll(() => holdsFocus(reset)).toBe(true);
      // The login dialog that held "Forgot password?" is gone: the focus goes back to the header's Login
      // button, which opened the whole thing (or to the reopened login dialog), never to nothing.
      await expectEscapeReturnsFocus(page, reset, login, 'the header’s Login button');
      await context.close();
    });

    it('the phone menu (390 wide) gives the focus back to Open menu when Escape closes it', async () => {
      const { page, context } = await newPage(browser, PHONE);
      await page.goto(`${server.url}/`);
      const open = page.getByRole('button', { name: 'Open menu' });
      const menu = await openDialogByKeyboard(page, open, 'Open menu');
      await expectEscapeReturnsFocus(page, menu, open, 'Open menu');
      await context.close();
    });

    it("My Bookings' Cancel, Reschedule and Leave a review dialogs give the focus back to their button on Escape", async () => {
      const { page, context } = await newPage(browser, DESKTOP);
      await signIn(context, server, 'customer');
      await page.goto(`${server.url}/bookings`);
      const failures: string[] = [];
      const probe = async (opener: Locator, what: string) => {
        const dialog = await openDialogByKeyboard(page, opener, what);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        await page.waitForTimeout(300);
        if (!(await isFocused(opener)))
          failures.push(`${what}: the focus is on ${await describeFocus(page)}`);
        // Start the next Tab walk from the top of the page, whatever happened.
        await page
          .locator('h1')
          .first()
          .evaluate((el) => {
            (el as HTMLElement).tabIndex = -1;
            (el as HTMLElement).focus();
          });
      };
      await probe(page.getByRole('button', { name: 'Cancel: Carpet Shampooing' }), 'Cancel');
      await probe(page.getByRole('button', { name: 'Reschedule: Carpet Shampooing' }), 'Reschedule');
      const past = page.getByRole('tab', { name: 'Past' });
      await tabTo(page, page.getByRole('tab', { name: 'Upcoming' }), 'the Upcoming tab');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => past.getAttribute('aria-selected')).toBe('true');
      await probe(page.getByRole('button', { name: /^Leave a review/ }).first(), 'Leave a review');
      expect(failures, 'each dialog gives the focus back to the button that opened it').toEqual([]);
      await context.close();
    });

    it('Post Review without stars moves the focus to the star rating and ties its error to it', async () => {
      const { page, context } = await newPage(browser, DESKTOP);
      const dialog = await openReviewByKeyboard(page, context, server);
      // A comment, but no stars: only the rating is wrong.
      const comment = dialog.getByRole('textbox', { name: 'Your review' });
      await tabTo(page, comment, 'Your review');
      await page.keyboard.type('Spotless kitchen and a friendly crew.');
      const post = dialog.getByRole('button', { name: 'Post Review' });
      await tabTo(page, post, 'Post Review');
      await page.keyboard.press('Enter');
      await dialog.getByText('Please choose a rating from 1 to 5 stars').waitFor();
      await page.screenshot({ path: `${SHOTS}/review-no-stars.png` });

      const rating = dialog.getByRole('group', { name: 'Your rating' });
      // Expected: the focus moves to the first invalid field, the star rating (its first star), so that
      // a screen reader reads the group and its error there; and the error is the group's (or each
      // star's) description, with the rating marked invalid.
      await expectFocusOn(
        page,
        rating.getByRole('radio').first(),
        'Post Review with no stars should move the focus to the star rating',
      );
      const tied = await rating.evaluate((group) => {
        const described = (el: Element) =>
          (el.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ');
        const radio = group.querySelector('input[type=radio]')!;
        return {
          describedBy: `${described(group)} ${described(radio)}`.includes('Please choose a rating'),
          invalid:
            group.getAttribute('aria-invalid') === 'true' || radio.getAttribute('aria-invalid') === 'true',
        };
      });
      expect(tied, 'the rating error is announced with the rating').toEqual({
        describedBy: true,
        invalid: true,
      });
      await context.close();
    });

    it('Load More on the services list keeps the focus in the results, not on <body> past them', async () => {
      const { page, context } = await newPage(browser, DESKTOP);
      await page.goto(`${server.url}/services`);
      const results = page
        .getByRole('main')
        .getByRole('list')
        .filter({ has: page.getByRole('article') });
      await expect.poll(() => results.getByRole('article').count()).toBe(6);
      const more = page.getByRole('button', { name: 'Load More' });
      await tabTo(page, more, 'Load More', 150);
      await page.keyboard.press('Enter');
      await expect.poll(() => results.getByRole('article').count()).toBe(12);
      await page.waitForTimeout(300);
      // Expected: the focus stays on Load More, or moves to the first provider just added; either way in
      // the results, so a screen reader hears where it is and the next Tab continues from there.
      const where = await describeFocus(page);
      expect(
        await page
          .getByRole('main')
          .evaluate(
            (main) => document.activeElement !== document.body && main.contains(document.activeElement),
          ),
        `after Load More the focus is on ${where}`,
      ).toBe(true);
      await page.keyboard.press('Tab');
      expect(
        await page.getByRole('contentinfo').evaluate((footer) => footer.contains(document.activeElement)),
        `the Tab after Load More jumps to the footer (${await describeFocus(page)}), past the six new providers`,
      ).toBe(false);
      await context.close();
    });

    it("the partner dashboard's tabs keep the focus on the tab the arrow keys move to", async () => {
      const { page, context } = await newPage(browser, DESKTOP);
      await signIn(context, server, 'partner');
      await page.goto(`${server.url}/partner-dashboard`);
      const bookings = page.getByRole('tab', { name: 'Bookings' });
      await page.getByRole('tabpanel', { name: 'Bookings' }).waitFor();
      await tabTo(page, bookings, 'the Bookings tab');
      await page.keyboard.press('ArrowRight');
      const schedule = page.getByRole('tab', { name: 'Schedule' });
      await page.screenshot({ path: `${SHOTS}/partner-after-arrow.png` });
      // Expected (WAI-ARIA tabs): ArrowRight focuses and selects Schedule, the tab list stays on screen
      // and the focus stays on Schedule while its panel loads.
      const right = await describeFocus(page);
      await schedule.waitFor();
      await expect.poll(() => schedule.getAttribute('aria-selected')).toBe('true');
      await page.getByRole('tabpanel', { name: 'Schedule' }).waitFor();
      await expectFocusOn(
        page,
        schedule,
        `ArrowRight should leave the focus on the Schedule tab (right after the key it was on ${right})`,
      );
      // The keyboard's focus shows its ring; a tab clicked with the mouse takes the focus without one.
      const ringed = (tab: typeof schedule) => tab.evaluate((el) => el.matches(':focus-visible'));
      expect(await ringed(schedule)).toBe(true);
      const services = page.getByRole('tab', { name: 'Services' });
      const box = (await services.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect.poll(() => services.getAttribute('aria-selected')).toBe('true');
      await expectFocusOn(page, services, 'a click leaves the focus on the Services tab');
      expect(await ringed(services)).toBe(false);
      await context.close();
    });
  });

  describe('checked: held, kept', () => {
    it('the skip link is the first Tab, visible when focused, and leads into the main content', async () => {
      for (const options of [DESKTOP, PHONE]) {
        const { page, context } = await newPage(browser, options);
        await page.goto(`${server.url}/`);
        await page.keyboard.press('Tab');
        const skip = page.getByRole('link', { name: 'Skip to content' });
        await expectFocusOn(page, skip, 'the first Tab reaches Skip to content');
        const box = await skip.boundingBox();
        expect(box!.width).toBeGreaterThan(50);
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(await skip.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
        await page.screenshot({ path: `${SHOTS}/skip-link-${options.viewport!.width}.png` });
        await page.keyboard.press('Enter');
        await page.keyboard.press('Tab');
        expect(
          await page.locator('main').evaluate((main) => main.contains(document.activeElement)),
          `the Tab after the skip link is in <main> (${await describeFocus(page)})`,
        ).toBe(true);
        await context.close();
      }
    });

    it('nothing invisible is reachable by Tab on the home and services pages (desktop and phone), and focus shows', async () => {
      const problems: string[] = [];
      for (const options of [DESKTOP, PHONE]) {
        const { page, context } = await newPage(browser, options);
        for (const path of ['/', '/services']) {
          await page.goto(`${server.url}${path}`);
          for (let press = 0; press < 45; press++) {
            await page.keyboard.press('Tab');
            const problem = await page.evaluate((width) => {
              const el = document.activeElement as HTMLElement | null;
              if (!el || el === document.body) return null;
              const r = el.getBoundingClientRect();
              const style = getComputedStyle(el);
              const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
              if (r.width < 1 || r.height < 1) {
                // A visually hidden native control shows its focus on its label (radios, checkboxes).
                const label = el.closest('label');
                if (label && label.getBoundingClientRect().width > 0) return null;
                return `zero-size <${el.tagName}> "${name}"`;
              }
              if (style.visibility !== 'visible' || Number(style.opacity) === 0)
                return `hidden <${el.tagName}> "${name}"`;
              if (el.closest('[aria-hidden="true"], [inert]')) return `aria-hidden <${el.tagName}> "${name}"`;
              if (r.right < 0 || r.left > width) return `off-screen <${el.tagName}> "${name}" at x=${r.left}`;
              if (!el.matches(':focus-visible') || style.outlineStyle === 'none')
                return `no focus indicator on <${el.tagName}> "${name}"`;
              return null;
            }, options.viewport!.width);
            if (problem) problems.push(`${options.viewport!.width}px ${path}: ${problem}`);
            if (press === 3)
              await page.screenshot({
                path: `${SHOTS}/focus-${options.viewport!.width}${path.replace('/', '-')}.png`,
              });
          }
        }
        await context.close();
      }
      expect(problems).toEqual([]);
    });

    it('the Login dialog takes the focus, traps Tab both ways, and a wrong submit focuses the first invalid field', async () => {
      const { page, context } = await newPage(browser, DESKTOP);
      await page.goto(`${server.url}/`);
      const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
      expect(await login.getAttribute('aria-haspopup')).toBe('dialog');
      await openDialogByKeyboard(page, login, 'Login', 'Welcome back');
      // The dialog's name follows its tab (Welcome back, Create account): found by role alone.
      const dialog = page.getByRole('dialog');
      for (let i = 0; i < 16; i++) {
        await page.keyboard.press(i < 12 ? 'Tab' : 'Shift+Tab');
        expect(await holdsFocus(dialog), `the focus stays in the dialog after ${i + 1} presses`).toBe(true);
      }
      // The Login and Sign Up tabs: ArrowRight moves to Sign Up.
      const loginTab = dialog.getByRole('tab', { name: 'Login' });
      await tabTo(page, loginTab, 'the Login tab');
      await page.keyboard.press('ArrowRight');
      await expectFocusOn(page, dialog.getByRole('tab', { name: 'Sign Up' }), 'ArrowRight reaches Sign Up');
      await page.keyboard.press('ArrowLeft');
      await expectFocusOn(page, loginTab, 'ArrowLeft comes back to Login');

      const signIn = dialog.getByRole('button', { name: 'Sign In' });
      await tabTo(page, signIn, 'Sign In');
      await page.keyboard.press('Enter');
      const email = dialog.getByRole('textbox', { name: 'Email' });
      await expectFocusOn(page, email, 'an empty Sign In moves the focus to Email');
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      const description = await email.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
      expect(description).toContain('Please enter a valid email address');
      await page.screenshot({ path: `${SHOTS}/login-errors.png` });

      // A refused password: the form's error is role=alert, and the toast sits in sonner's live region.
      await email.fill('customer@example.com');
      await dialog.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
      await tabTo(page, signIn, 'Sign In');
      await page.keyboard.press('Enter');
      await dialog.getByRole('alert').waitFor();
      const toast = page.locator('[data-sonner-toast]').first();
      await toast.waitFor();
      expect(
        await toast.evaluate((el) => el.closest('[aria-live]')?.getAttribute('aria-live') ?? 'none'),
        'the toast is inside a polite live region',
      ).toBe('polite');
      await context.close();
    });

    it('the phone menu takes the focus and keeps it while Tab goes round', async () => {
      const { page, context } = await newPage(browser, PHONE);
      await page.goto(`${server.url}/`);
      // The page behind a modal is aria-hidden: the button is found by its label, not its role.
      const open = page.locator('button[aria-label="Open menu"]:visible');
      expect(await open.getAttribute('aria-expanded')).toBe('false');
      const menu = await openDialogByKeyboard(page, open, 'Open menu');
      expect(await open.getAttribute('aria-expanded')).toBe('true');
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press(i < 30 ? 'Tab' : 'Shift+Tab');
        expect(await holdsFocus(menu), `the focus stays in the menu after ${i + 1} presses`).toBe(true);
      }
      await page.screenshot({ path: `${SHOTS}/phone-menu.png` });
      await context.close();
    });

    it('the star rating is operable with the arrow keys, each star named, the choice checked, focus shown', async () => {
      const { page, context } = await newPage(browser, DESKTOP);
      const dialog = await openReviewByKeyboard(page, context, server);
      const rating = dialog.getByRole('group', { name: 'Your rating' });
      const first = rating.getByRole('radio', { name: '1 star: poor' });
      await tabTo(page, first, 'the first star');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      const three = rating.getByRole('radio', { name: '3 stars: good' });
      await expectFocusOn(page, three, 'two ArrowRights reach 3 stars');
      expect(await three.isChecked()).toBe(true);
      // The hidden radio's focus is drawn on its star.
      expect(
        await three.evaluate((el) => getComputedStyle(el.closest('label')!).outlineStyle),
        'the focused star has an outline',
      ).toBe('solid');
      await page.screenshot({ path: `${SHOTS}/stars-focus.png` });
      await context.close();
    });

    it("the admin dashboard's tabs follow the arrow keys, each panel labelled by its tab, tables with headers", async () => {
      const { page, context } = await newPage(browser, DESKTOP);
      await signIn(context, server, 'admin');
      await page.goto(`${server.url}/admin`);
      await page.getByRole('tabpanel', { name: 'Overview' }).waitFor();
      const tabs = page.getByRole('tab');
      const names = (await tabs.allTextContents()).map((n) => n.trim());
      await tabTo(page, tabs.first(), 'the Overview tab');
      for (const name of names.slice(1)) {
        await page.keyboard.press('ArrowRight');
        const tab = page.getByRole('tab', { name, exact: true });
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
        await page.getByRole('tabpanel', { name, exact: true }).waitFor();
        await expectFocusOn(page, tab, `ArrowRight keeps the focus on ${name}`);
        if (name === 'Jobs') {
          const table = page.getByRole('tabpanel', { name: 'Jobs' }).getByRole('table').first();
          await table.waitFor();
          expect(await table.getByRole('columnheader').count()).toBeGreaterThan(1);
          expect(await table.getByRole('rowheader').count()).toBeGreaterThan(0);
        }
      }
      await context.close();
    });

    it("the hold's countdown is a timer that does not speak every second; no live region changes with it", async () => {
      const { page, context } = await newPage(browser, DESKTOP);
      await signIn(context, server, 'customer');
      const provider = await providerWithServices(server);
      await page.goto(`${server.url}/provider/${provider.id}`);
      await page.getByRole('button', { name: `Book Now: ${provider.services[0]!.name}` }).click();
      await page.waitForURL('**/booking-confirmation');
      await pickFreeTime(page);
      await page.getByRole('button', { name: 'Pay Now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Secure Payment' });
      await dialog.getByRole('timer').waitFor();
      const timer = dialog.getByRole('timer');
      expect(await timer.getAttribute('aria-live')).toBe('off');
      const liveTexts = () =>
        page.evaluate(() =>
          Array.from(
            document.querySelectorAll(
              '[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log]',
            ),
          ).map((el) => el.textContent ?? ''),
        );
      const before = await liveTexts();
      const shownBefore = await timer.textContent();
      await page.waitForTimeout(2_100);
      expect(await timer.textContent(), 'the countdown moves').not.toBe(shownBefore);
      expect(await liveTexts(), 'no announced region changed while the countdown ticked').toEqual(before);
      await context.close();
    });
  });
});
