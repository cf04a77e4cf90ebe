import type { I18n } from '@lingui/core';
import {
  formatBookedTime,
  formatCalendarDay,
  formatClockTime,
  formatDate,
  formatShortDate,
} from '@shared/domain/dates';
import { formatCents, formatDollars } from '@shared/domain/money';
import { formatNumber, formatRating } from '@shared/i18n/numbers';
import type { Locale } from '@shared/i18n/locales';
import { createContext, type ReactNode, use, useContext, useMemo } from 'react';
import { validationKey } from '@shared/i18n/validation';
import { i18nFor, loadNamespace, loadValidationCatalog, type MessageKey, type Namespace } from './catalogs';

type I18nContextValue = {
  locale: Locale;
  i18n: I18n;
  /** The pre-render notes each namespace a page reads, so the browser loads them before hydrating. */
  used?: Set<Namespace>;
};

const I18nContext = createContext<I18nContextValue | null>(null);

/** The language of everything below: the page's (`/fr/...` is French), set once at the root. */
export function LocaleProvider({
  locale,
  used,
  children,
}: {
  locale: Locale;
  used?: Set<Namespace>;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ locale, i18n: i18nFor(locale), used }), [locale, used]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18nContext(): I18nContextValue {
  const context = useContext(I18nContext);
  if (!context) throw new Error('LocaleProvider is missing above this component');
  return context;
}

export function useLocale(): Locale {
  return useI18nContext().locale;
}

/** Values a message interpolates: `{name}`, `{count, plural, ...}`. */
export type MessageValues = Record<string, string | number | Date>;
export type Translate<N extends Namespace> = (key: MessageKey<N>, values?: MessageValues) => string;

/**
 * The messages of one namespace in the page's language: `const t = useT('catalog'); t('hero.title')`.
 * The first component to ask for a namespace that is not loaded yet suspends until it is (its page's
 * loading state shows meanwhile); pages preload theirs with their code (app/lazy-page.ts).
 */
export function useT<N extends Namespace>(namespace: N): Translate<N> {
  const { locale, i18n, used } = useI18nContext();
  used?.add(namespace);
  // A loaded catalog's promise carries `status: 'fulfilled'`: React reads it without suspending.
  use(loadNamespace(locale, namespace) as Promise<void>);
  return useMemo(
    () => (key: MessageKey<N>, values?: MessageValues) => i18n._(`${namespace}.${key}`, values),
    [i18n, namespace],
  );
}

/**
 * Loads a page's namespaces together, before it first renders: for pages whose tabs or dialogs read
 * more catalogs than their first screen, so that opening one never suspends the page (and hides its
 * title) while a catalog loads.
 */
export function usePreloadedNamespaces(namespaces: readonly Namespace[]): void {
  const { locale, used } = useI18nContext();
  for (const namespace of namespaces) used?.add(namespace);
  const loading = namespaces.map((namespace) => loadNamespace(locale, namespace));
  for (const load of loading) use(load as Promise<void>);
}

const unchanged = (message: string) => message;

/**
 * A validation message of the shared schemas (written in English) in the page's language: forms show
 * zod's messages through this. In French the first use loads the validation catalog.
 */
export function useValidationText(): (message: string) => string {
  const { locale, i18n } = useI18nContext();
  if (locale === 'en') return unchanged;
  const catalog = use(loadValidationCatalog(locale) as Promise<Record<string, unknown>>);
  return (message: string) => {
    const found = validationKey(message, catalog as Record<string, string>);
    return found ? i18n._(`validation.${found.key}`, found.values) : message;
  };
}

/**
 * For keys made from data (a category's slug, a status): the message when the catalog has one, else
 * the fallback given (text that comes from the data itself, a new category's name say).
 */
export function useTOptional<N extends Namespace>(namespace: N) {
  const t = useT(namespace);
  const { i18n, locale } = useI18nContext();
  return useMemo(
    () =>
      (key: string, fallback: string, values?: MessageValues): string =>
        i18n.messages[`${namespace}.${key}`] === undefined || !i18n.locale.startsWith(locale)
          ? fallback
          : t(key as MessageKey<N>, values),
    [i18n, locale, namespace, t],
  );
}

/** Dates, times, money and numbers in the page's language (Toronto time; CAD). */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      /** `$110.00` / `110,00 $` */
      money: (cents: number) => formatCents(cents, locale),
      dollars: (dollars: number) => formatDollars(dollars, locale),
      /** `Thursday, November 26, 2026 at 8:00 AM ET` / `jeudi 26 novembre 2026, 8 h 00 HE` */
      bookedTime: (instant: Date | string) => formatBookedTime(instant, locale),
      /** `8:00 AM` / `8 h 00` */
      clock: (instant: Date | string) => formatClockTime(instant, locale),
      date: (instant: Date | string) => formatDate(instant, locale),
      shortDate: (instant: Date | string) => formatShortDate(instant, locale),
      calendarDay: (date: string) => formatCalendarDay(date, locale),
      /** `4.7` / `4,7` */
      rating: (value: number) => formatRating(value, locale),
      number: (value: number) => formatNumber(value, locale),
    }),
    [locale],
  );
}
