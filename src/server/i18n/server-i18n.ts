import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALE_TAGS, LOCALES, type Locale } from '../../shared/i18n/locales';
import { validationKey } from '../../shared/i18n/validation';
import frValidation from '../../shared/locales/fr/validation.json' with { type: 'json' };
import enEmail from '../locales/en/email.json' with { type: 'json' };
import frEmail from '../locales/fr/email.json' with { type: 'json' };
import frErrors from '../locales/fr/errors.json' with { type: 'json' };

/**
 * The server's messages (docs/decisions/013-english-and-french.md), with the same library and ICU
 * catalogs as the client's: e-mails in both languages (`locales/<language>/email.json`), and the French
 * of every error's `message` (`locales/fr/errors.json`, by error code) and of the shared schemas'
 * validation messages (src/shared/i18n/validation.ts). Catalogs are compiled once, when this loads.
 */

export type EmailKey = Extract<keyof typeof enEmail, string>;
export type MessageValues = Record<string, string | number | Date>;

function compiled(messages: Record<string, string>, prefix: string) {
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => [`${prefix}.${key}`, compileMessage(message)]),
  );
}

const instances = Object.fromEntries(
  LOCALES.map((locale) => {
    const tag = LOCALE_TAGS[locale];
    const messages =
      locale === 'en'
        ? compiled(enEmail, 'email')
        : {
            ...compiled(frEmail, 'email'),
            ...compiled(frErrors, 'errors'),
            ...compiled(frValidation, 'validation'),
          };
    return [locale, setupI18n({ locale: tag, messages: { [tag]: messages } })];
  }),
) as Record<Locale, I18n>;

/** An e-mail text in a language. */
export function emailText(locale: Locale, key: EmailKey, values?: MessageValues): string {
  return instances[locale]._(`email.${key}`, values);
}

/** Whether the French errors catalog has this key (a test keeps every factory's key in it). */
export function hasErrorTranslation(key: string): boolean {
  return Object.hasOwn(frErrors, key);
}

/**
 * An error's `message` in a language: the English sentence its factory wrote, or its translation by
 * `key` (the error's code, or a finer key when one code has several sentences) with the error's values;
 * an error that passes on a sentence of the shared rules (a promo code's refusal, a validation message)
 * is translated as that sentence.
 */
export function errorText(
  locale: Locale,
  error: { key: string; english: string; values?: MessageValues },
): string {
  if (locale === 'en') return error.english;
  if (hasErrorTranslation(error.key)) return instances[locale]._(`errors.${error.key}`, error.values);
  return validationText(locale, error.english);
}

/** A validation message of the shared schemas (written in English) in a language. */
export function validationText(locale: Locale, english: string): string {
  if (locale === 'en') return english;
  const found = validationKey(english, frValidation);
  return found ? instances[locale]._(`validation.${found.key}`, found.values) : english;
}
