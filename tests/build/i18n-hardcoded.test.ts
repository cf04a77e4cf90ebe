import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientComponentFiles, hardcodedTextOf } from '../support/hardcoded-text';

/**
 * Every text a person reads on a screen comes from the message catalogs, in English and in French
 * (docs/decisions/013-english-and-french.md): a JSX text, a read attribute or prop (`aria-label`,
 * `placeholder`, `title`, `alt`, `label`...) or a toast's sentence written as a literal in
 * src/client fails here with its file, line and text. Brand names are the only exceptions.
 */

const root = path.resolve(import.meta.dirname, '../../src/client');

/** Names that are the same in both languages. */
const BRAND_NAMES = new Set([
  'Trillium',
  'App Store',
  'Google Play',
  'Visa',
  'Mastercard',
  'American Express',
  'Google Calendar',
  'Outlook',
  'CAD',
  'English',
  'Français',
]);

/**
 * Screens not translated yet, each still holding English literals: the list only shrinks (a file
 * translated must leave it, and no other file may gain a literal).
 */
const NOT_YET_TRANSLATED = new Set([
  'app/routes/account/change-password.tsx',
  'app/routes/account/edit-profile.tsx',
  'app/routes/account/email-change.tsx',
  'app/routes/account/help-support.tsx',
  'app/routes/account/manage-address.tsx',
  'app/routes/account/profile.tsx',
  'app/routes/account/settings.tsx',
  'app/routes/account/test-notifications.tsx',
  'app/routes/account/unsubscribe.tsx',
  'app/routes/booking/my-bookings-page.tsx',
  'app/routes/booking/notifications-page.tsx',
  'app/routes/booking/saved-services-page.tsx',
  'app/routes/public/announcements.tsx',
  'app/routes/public/how-it-works.tsx',
  'app/routes/public/promotions.tsx',
  'app/routes/public/terms.tsx',
  'entry-server.tsx',
  'features/account/components/address-form.tsx',
  'features/account/components/change-password-form.tsx',
  'features/account/components/delete-account-dialog.tsx',
  'features/account/components/email-change-dialog.tsx',
  'features/account/components/notification-settings.tsx',
  'features/account/components/privacy-settings.tsx',
  'features/account/components/profile-form.tsx',
  'features/account/components/support-form.tsx',
  'features/account/components/test-email-form.tsx',
  'features/bookings/components/booking-card.tsx',
  'features/bookings/components/booking-details-dialog.tsx',
  'features/bookings/components/cancel-booking-dialog.tsx',
  'features/bookings/components/edit-review-form.tsx',
  'features/bookings/components/report-no-show-dialog.tsx',
  'features/bookings/components/reschedule-dialog.tsx',
  'features/bookings/components/review-dialog.tsx',
  'features/bookings/components/star-rating-input.tsx',
  'features/calendar/components/calendar-feed-panel.tsx',
  'features/content/components/announcement-card.tsx',
  'features/content/components/promotion-card.tsx',
  'features/notifications/components/notification-bell.tsx',
  'features/notifications/components/notification-item.tsx',
  'features/saved/components/save-heart-button.tsx',
  'features/saved/components/saved-service-card.tsx',
]);

describe('texts people read come from the catalogs', () => {
  const files = clientComponentFiles(root);
  const findings = new Map(
    files.map((file) => [
      path.relative(root, file),
      hardcodedTextOf(file).filter((found) => !BRAND_NAMES.has(found.text)),
    ]),
  );

  it('finds the screens', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('has no text written into a translated screen', () => {
    const problems = [...findings]
      .filter(([file]) => !NOT_YET_TRANSLATED.has(file))
      .flatMap(([file, found]) => found.map((f) => `src/client/${file}:${f.line}: "${f.text}"`));
    expect(problems, 'put these texts in src/client/locales/{en,fr}/*.json and read them with useT').toEqual(
      [],
    );
  });

  it('lists as not yet translated only screens that still have English written in them', () => {
    const done = [...NOT_YET_TRANSLATED].filter((file) => (findings.get(file) ?? []).length === 0);
    expect(done, 'translated: take these off NOT_YET_TRANSLATED').toEqual([]);
  });
});

describe('the scan', () => {
  it('finds JSX text, read attributes and toast sentences, and nothing else', () => {
    const source = `
      export function X({ t }) {
        notify('error', 'Update failed');
        return (
          <div className="grid gap-2" data-state="open">
            <p>Book now</p>
            <input placeholder="Your name" type="text" />
            <img alt={'A photo'} src="/images/x.svg" />
            <Link to={\`/services?category=\${slug}\`} aria-label={t('key')}>{'Read more'}</Link>
            <p>{t('hero.title')} · 4.7</p>
          </div>
        );
      }`;
    expect(hardcodedTextOf('x.tsx', source).map((f) => f.text)).toEqual([
      'Update failed',
      'Book now',
      'Your name',
      'A photo',
      'Read more',
    ]);
  });
});
