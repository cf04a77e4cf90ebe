import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { LOCALE_TAGS, LOCALES, type Locale } from '@shared/i18n/locales';
import type shell from '@/locales/en/shell.json';
import type ui from '@/locales/en/ui.json';
import type auth from '@/locales/en/auth.json';
import type booking from '@/locales/en/booking.json';
import type reviews from '@/locales/en/reviews.json';
import type content from '@/locales/en/content.json';
import type catalog from '@/locales/en/catalog.json';
import type listing from '@/locales/en/listing.json';
import type mybookings from '@/locales/en/mybookings.json';
import type notifications from '@/locales/en/notifications.json';
import type saved from '@/locales/en/saved.json';
import type account from '@/locales/en/account.json';
import type pages from '@/locales/en/pages.json';
import type earnings from '@/locales/en/earnings.json';
import type backoffice from '@/locales/en/backoffice.json';
import type partner from '@/locales/en/partner.json';
import type admin from '@/locales/en/admin.json';
import type applications from '@/locales/en/applications.json';
import type policy from '@/locales/en/policy.json';

/**
 * The client's message catalogs (docs/decisions/013-english-and-french.md): one JSON file of ICU
 * messages per namespace and language, `locales/<language>/<namespace>.json`, compiled at build time
 * (scripts/vite-plugin-catalogs.ts). Each namespace is its own small chunk, loaded for the active
 * language only, when a page that reads it is first shown. The English files name every key: the
 * types below come from them, so `t('missing.key')` does not compile, and a test keeps the French
 * files' keys and placeholders equal to the English ones.
 */
export type Catalogs = {
  shell: typeof shell;
  ui: typeof ui;
  auth: typeof auth;
  booking: typeof booking;
  reviews: typeof reviews;
  content: typeof content;
  catalog: typeof catalog;
  listing: typeof listing;
  mybookings: typeof mybookings;
  notifications: typeof notifications;
  saved: typeof saved;
  account: typeof account;
  pages: typeof pages;
  earnings: typeof earnings;
  /** What the partner and admin dashboards share (booking cards, cancel with a reason, uploads). */
  backoffice: typeof backoffice;
  partner: typeof partner;
  admin: typeof admin;
  /** Professional registration and e-mail verification. */
  applications: typeof applications;
  /** The cancellation policies' names and terms (the provider page, checkout, bookings, the partner's rules). */
  policy: typeof policy;
};
export type Namespace = keyof Catalogs;
export type MessageKey<N extends Namespace> = Extract<keyof Catalogs[N], string>;

/** What the app shell (header, footer, phone bars, menus) reads: loaded before the first render. */
export const SHELL_NAMESPACES: Namespace[] = ['shell', 'ui'];

const loaders = import.meta.glob<Messages>('../../locales/*/*.json', { import: 'default' });

const instances = new Map<Locale, I18n>();

/** The Lingui instance of a language (one each; the server's pre-render renders both at once). */
export function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    const tag = LOCALE_TAGS[locale];
    instance = setupI18n({ locale: tag, messages: { [tag]: {} } });
    instances.set(locale, instance);
  }
  return instance;
}

/** A promise React's `use` reads at once when it has settled (its `status` and `value`). */
export type TrackedPromise<T> = Promise<T> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
};

const loads = new Map<string, TrackedPromise<void>>();

/** Loads one namespace of one language into its instance, once; a failed load may be tried again. */
export function loadNamespace(locale: Locale, namespace: Namespace): TrackedPromise<void> {
  const key = `${locale}/${namespace}`;
  const known = loads.get(key);
  if (known) return known;
  const loader = loaders[`../../locales/${locale}/${namespace}.json`];
  if (!loader) throw new Error(`There is no ${key} catalog`);
  const promise: TrackedPromise<void> = loader().then((messages) => {
    const prefixed: Messages = {};
    for (const [id, message] of Object.entries(messages)) prefixed[`${namespace}.${id}`] = message;
    i18nFor(locale).load(LOCALE_TAGS[locale], prefixed);
  });
  promise.status = 'pending';
  promise.then(
    () => {
      promise.status = 'fulfilled';
    },
    (reason: unknown) => {
      promise.status = 'rejected';
      promise.reason = reason;
      loads.delete(key);
    },
  );
  loads.set(key, promise);
  return promise;
}

export function loadNamespaces(locale: Locale, namespaces: Iterable<Namespace>): Promise<void> {
  return Promise.all([...new Set(namespaces)].map((ns) => loadNamespace(locale, ns))).then(() => undefined);
}

/** Every namespace name, from the catalog files (the pre-render loads them all, in both languages). */
export function allNamespaces(): Namespace[] {
  const names = new Set<Namespace>();
  for (const path of Object.keys(loaders)) {
    const match = /\/locales\/[a-z]+\/([a-z-]+)\.json$/.exec(path);
    if (match) names.add(match[1] as Namespace);
  }
  return [...names];
}

/** For the pre-render: every catalog of every language, loaded before the first page is rendered. */
export function loadEverything(): Promise<void> {
  return Promise.all(LOCALES.map((locale) => loadNamespaces(locale, allNamespaces()))).then(() => undefined);
}

const validationLoaders = import.meta.glob<Messages>('../../../shared/locales/*/validation.json', {
  import: 'default',
});
const validationLoads = new Map<Locale, TrackedPromise<Messages>>();

/**
 * The French of the shared schemas' validation messages (keyed by their English text; English needs
 * none), loaded into the language's instance under `validation.` and answered for key lookups.
 */
export function loadValidationCatalog(locale: Exclude<Locale, 'en'>): TrackedPromise<Messages> {
  const known = validationLoads.get(locale);
  if (known) return known;
  const loader = validationLoaders[`../../../shared/locales/${locale}/validation.json`];
  if (!loader) throw new Error(`There is no ${locale} validation catalog`);
  const promise: TrackedPromise<Messages> = loader().then((messages) => {
    const prefixed: Messages = {};
    for (const [id, message] of Object.entries(messages)) prefixed[`validation.${id}`] = message;
    i18nFor(locale).load(LOCALE_TAGS[locale], prefixed);
    return messages;
  });
  promise.status = 'pending';
  promise.then(
    (messages) => {
      promise.status = 'fulfilled';
      promise.value = messages;
    },
    (reason: unknown) => {
      promise.status = 'rejected';
      promise.reason = reason;
      validationLoads.delete(locale);
    },
  );
  validationLoads.set(locale, promise);
  return promise;
}

/** The chunk files of a page's namespaces, by Vite manifest key (`locales/fr/shell.json`). */
export function catalogManifestKeys(locale: Locale, namespaces: Iterable<Namespace>): string[] {
  return [...namespaces].map((ns) => `locales/${locale}/${ns}.json`);
}
