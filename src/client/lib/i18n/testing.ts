import { setupI18n } from '@lingui/core';
import { LOCALE_TAGS, type Locale } from '@shared/i18n/locales';
import type { MessageKey, Namespace } from './catalogs';
import type { MessageValues } from './i18n';

const raw = import.meta.glob<Record<string, string>>('../../locales/*/*.json', {
  import: 'default',
  eager: true,
});

/** For unit tests: a namespace's messages in a language, read at once (Lingui compiles them outside production). */
export function testTranslator<N extends Namespace>(locale: Locale, namespace: N) {
  const messages = raw[`../../locales/${locale}/${namespace}.json`];
  if (!messages) throw new Error(`There is no ${locale}/${namespace} catalog`);
  const tag = LOCALE_TAGS[locale];
  const i18n = setupI18n({ locale: tag, messages: { [tag]: messages } });
  return (key: MessageKey<N>, values?: MessageValues) => i18n._(key, values);
}
