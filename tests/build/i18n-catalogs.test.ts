import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors';
import { hasErrorTranslation } from '../../src/server/i18n/server-i18n';
import { validationKey } from '../../src/shared/i18n/validation';
import { sharedZodMessages } from '../support/zod-messages';

/**
 * The catalogs stay whole (docs/decisions/013-english-and-french.md): every message exists in English
 * and in French, with the same placeholders, and every error the server can answer has its French.
 */

const root = path.resolve(import.meta.dirname, '../..');
type Catalog = Record<string, string>;
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Catalog;

/** The argument names a message uses (`{name}`, `{count, plural, ...}`), nested ones too. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: ReadonlyArray<{ type: string; arg?: string; cases?: { tokens: unknown[] }[] }>) => {
    for (const token of tokens as Array<{ type: string; arg: string; cases: { tokens: never[] }[] }>) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const option of token.cases) walk(option.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

function pairedCatalogs(folder: string): { name: string; en: string; fr: string }[] {
  const names = readdirSync(path.join(root, folder, 'en')).filter((f) => f.endsWith('.json'));
  // Errors are written in English by their factories; only their French is a catalog (fr/errors.json).
  const french = readdirSync(path.join(root, folder, 'fr')).filter(
    (f) => f.endsWith('.json') && f !== 'errors.json',
  );
  expect(french.sort(), `${folder}: the same catalog files in en/ and fr/`).toEqual(names.sort());
  return names.map((name) => ({ name, en: `${folder}/en/${name}`, fr: `${folder}/fr/${name}` }));
}

describe('message catalogs', () => {
  for (const folder of ['src/client/locales', 'src/server/locales']) {
    for (const { name, en, fr } of pairedCatalogs(folder)) {
      it(`${en} and ${fr} have the same messages with the same placeholders`, () => {
        const english = read(en);
        const frenchCatalog = read(fr);
        const missing = Object.keys(english).filter((key) => !(key in frenchCatalog));
        const extra = Object.keys(frenchCatalog).filter((key) => !(key in english));
        expect(missing, `in ${en} but not in ${fr}`).toEqual([]);
        expect(extra, `in ${fr} but not in ${en}`).toEqual([]);
        for (const key of Object.keys(english)) {
          expect(argumentsOf(frenchCatalog[key]!), `${name} ${key}: placeholders`).toEqual(
            argumentsOf(english[key]!),
          );
          expect(frenchCatalog[key]!.trim(), `${fr} ${key} is empty`).not.toBe('');
        }
      });
    }
  }

  it('every message is valid ICU', () => {
    const files = [
      ...pairedCatalogs('src/client/locales').flatMap((c) => [c.en, c.fr]),
      ...pairedCatalogs('src/server/locales').flatMap((c) => [c.en, c.fr]),
      'src/server/locales/fr/errors.json',
      'src/shared/locales/fr/validation.json',
    ];
    for (const file of files) {
      for (const [key, message] of Object.entries(read(file))) {
        expect(() => parse(message), `${file} ${key}`).not.toThrow();
      }
    }
  });
});

/** Each factory of every `*.errors.ts`, called with arguments that reach each of its sentences. */
const SPECIAL_ARGUMENTS: Record<string, unknown[][]> = {
  transitionNotAllowed: [
    'complete',
    'cancel',
    'reschedule',
    'report_no_show',
    'confirm_payment',
    'dispute',
  ].flatMap((transition) =>
    ['confirmed', 'cancelled'].map((status) => [transition, { status, serviceDate: new Date() }]),
  ),
  tooLarge: ['document', 'profile_image', 'price_list'].map((kind) => [kind, 'file.pdf']),
  invalidType: ['document', 'profile_image', 'price_list'].map((kind) => [kind, 'file.exe']),
  nothingAsked: [['pending'], ['approved']],
  refused: [
    { code: 'promo.unknown', message: 'That promo code does not exist. Please check the spelling.' },
    { code: 'promo.expired', message: 'This promo code is not valid yet: it starts on Nov 22, 2026.' },
    { code: 'promo.not_applicable', message: 'This promo code is not valid in Ottawa.' },
  ].map((refusal) => [refusal]),
  applicationFinal: [['approved']],
  provinceNotOfPostalCode: [['This postal code is not in Ontario']],
};

/** Errors whose sentence is a message given to them (a validation message, translated as such). */
const PASS_THROUGH = new Set(['validation_error']);
const frValidation = read('src/shared/locales/fr/validation.json');

describe('the French of every error', () => {
  const modules = import.meta.glob<Record<string, unknown>>('../../src/server/modules/*/*.errors.ts', {
    eager: true,
  });

  it('finds the error factories', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(10);
  });

  for (const [file, exports] of Object.entries(modules)) {
    it(`${path.basename(file)}: every sentence has a French translation with its values`, () => {
      const frErrors = read('src/server/locales/fr/errors.json');
      for (const [group, factories] of Object.entries(exports)) {
        if (typeof factories !== 'object' || factories === null) continue;
        for (const [name, factory] of Object.entries(factories)) {
          if (typeof factory !== 'function') continue;
          const calls = SPECIAL_ARGUMENTS[name] ?? [[3, 'x']];
          for (const args of calls) {
            const error = (factory as (...a: unknown[]) => unknown)(...args);
            expect(error, `${group}.${name}`).toBeInstanceOf(AppError);
            const { key, values } = (error as AppError).translation;
            if (PASS_THROUGH.has((error as AppError).code)) continue;
            if (!hasErrorTranslation(key)) {
              // Passed on from a shared rule: translated as that rule's sentence.
              expect(
                validationKey((error as AppError).message, frValidation),
                `${group}.${name}(${JSON.stringify(args)}): "${key}" in fr/errors.json, or its sentence in fr/validation.json`,
              ).not.toBeNull();
              continue;
            }
            for (const arg of argumentsOf(frErrors[key]!)) {
              expect(Object.keys(values), `${key} names {${arg}}, which ${group}.${name} gives`).toContain(
                arg,
              );
            }
          }
        }
      }
    });
  }
});

describe('the French of every validation message of the shared schemas', () => {
  it('finds the messages', () => {
    expect(sharedZodMessages(root).size).toBeGreaterThan(150);
  });
  it('has each one in src/shared/locales/fr/validation.json', () => {
    const catalog = read('src/shared/locales/fr/validation.json');
    const missing = [...sharedZodMessages(root)]
      .filter(([message]) => validationKey(message, catalog) === null)
      .map(([message, file]) => `${file}: ${message}`);
    expect(missing).toEqual([]);
  });
  it("keeps each translation's placeholders those of its English pattern", () => {
    const catalog = read('src/shared/locales/fr/validation.json');
    for (const [english, french] of Object.entries(catalog)) {
      const names = [...english.matchAll(/\{([a-zA-Z_]+)\}/g)].map((m) => m[1]).sort();
      expect(argumentsOf(french), english).toEqual(names);
    }
  });
});
