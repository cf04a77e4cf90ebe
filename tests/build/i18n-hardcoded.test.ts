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

  it('has no text written into any screen: every one is translated', () => {
    const problems = [...findings].flatMap(([file, found]) =>
      found.map((f) => `src/client/${file}:${f.line}: "${f.text}"`),
    );
    expect(problems, 'put these texts in src/client/locales/{en,fr}/*.json and read them with useT').toEqual(
      [],
    );
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
