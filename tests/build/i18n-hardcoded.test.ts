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
  'app/routes/back-office/register-professional-page.tsx',
  'app/routes/back-office/verify-email-page.tsx',
  'components/back-office/booking-card.tsx',
  'components/back-office/booking-list-states.tsx',
  'components/back-office/cancel-with-reason-dialog.tsx',
  'features/admin/components/admin-dashboard.tsx',
  'features/admin/components/announcements-panel.tsx',
  'features/admin/components/application-card.tsx',
  'features/admin/components/application-exchange.tsx',
  'features/admin/components/applications-tab.tsx',
  'features/admin/components/audit-filters.tsx',
  'features/admin/components/audit-panel.tsx',
  'features/admin/components/bookings-panel.tsx',
  'features/admin/components/decision-dialog.tsx',
  'features/admin/components/jobs-panel.tsx',
  'features/admin/components/overview-tab.tsx',
  'features/admin/components/promotion-form-dialog.tsx',
  'features/admin/components/promotional-email-panel.tsx',
  'features/admin/components/promotions-panel.tsx',
  'features/admin/components/users-panel.tsx',
  'features/applications/components/documents-field.tsx',
  'features/applications/components/operating-days-field.tsx',
  'features/applications/components/price-list-field.tsx',
  'features/applications/components/pricing-section.tsx',
  'features/applications/components/profile-image-field.tsx',
  'features/applications/components/registration-form.tsx',
  'features/applications/components/registration-success.tsx',
  'features/applications/components/uploaded-file-list.tsx',
  'features/applications/components/verify-email-view.tsx',
  'features/partner/components/application-status.tsx',
  'features/partner/components/booking-rules-editor.tsx',
  'features/partner/components/hours-editor.tsx',
  'features/partner/components/listing-editor.tsx',
  'features/partner/components/partner-bookings-tab.tsx',
  'features/partner/components/partner-dashboard.tsx',
  'features/partner/components/schedule-tab.tsx',
  'features/partner/components/services-editor.tsx',
  'features/partner/components/services-tab.tsx',
  'features/partner/components/time-off-panel.tsx',
  'features/reviews/components/decision-dialog.tsx',
  'features/reviews/components/partner-reviews-tab.tsx',
  'features/reviews/components/reply-form.tsx',
  'features/reviews/components/review-moderation-panel.tsx',
  'features/reviews/components/review-photo-picker.tsx',
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
