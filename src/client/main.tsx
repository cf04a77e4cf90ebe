import { LOCALE_TAGS, splitLocalePath } from '@shared/i18n/locales';
import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { formatCents } from '@shared/domain/money';
import { formatRating } from '@shared/i18n/numbers';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { setApiLanguage } from './lib/api-client';
import { cn } from './lib/cn';
import { warmUpIntl } from './lib/intl-warm-up';
import { setErrorMessages } from './lib/errors';
import { i18nFor, loadNamespaces, type Namespace, SHELL_NAMESPACES } from './lib/i18n/catalogs';
import './styles/index.css';

// Zod would probe for `new Function` (faster parsers), which our Content-Security-Policy forbids: the
// probe fails safely but reports a violation. The browser parses small answers; no JIT needed.
zodConfig({ jitless: true });

// The address says the language: `/fr/...` is French, anything else English.
const { locale } = splitLocalePath(window.location.pathname);
// A pre-rendered page already says it; writing the same value again makes the browser restyle the page.
if (document.documentElement.lang !== LOCALE_TAGS[locale])
  document.documentElement.lang = LOCALE_TAGS[locale];
setApiLanguage(LOCALE_TAGS[locale]);
// The formatters' shared locale data, loaded off the main thread while the catalogs arrive.
const intlWarmedUp = warmUpIntl(LOCALE_TAGS[locale]);

const container = document.getElementById('root')!;
// A pre-rendered page (home, listing, provider for a visitor) comes with the data it was rendered from,
// and the names of the message catalogs it read.
const stateScript = document.getElementById('trillium-state');
const dehydratedState = stateScript
  ? (JSON.parse(stateScript.textContent ?? '{}') as DehydratedState)
  : undefined;
const catalogsScript = document.getElementById('trillium-catalogs');
const pageNamespaces = catalogsScript ? (JSON.parse(catalogsScript.textContent ?? '[]') as Namespace[]) : [];

// The shell's messages (and a pre-rendered page's) before the first render: hydration then finds
// every text it needs, as the server rendered it.
await loadNamespaces(locale, [...SHELL_NAMESPACES, ...pageNamespaces]);
setErrorMessages({
  network: i18nFor(locale)._('ui.error.network'),
  unavailable: i18nFor(locale)._('ui.error.unavailable'),
});

// One-time set-ups that the first render would otherwise do inside hydration's slices, turning a 5 ms
// slice into a 30-100 ms one on a phone: tailwind-merge builds its class map on the first cn() call and
// each Intl formatter builds its language's data (the locale data they share is already loaded, by the
// worker above). Each runs in a task of its own, with the main thread free between them for a tap or a
// scroll (docs/decisions/015-first-paint-before-hydration.md).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
await intlWarmedUp;
for (const setUp of [() => cn('p-0', 'p-1'), () => formatCents(0, locale), () => formatRating(0, locale)]) {
  await nextTask();
  setUp();
}
await nextTask();

const app = (
  <StrictMode>
    <AppProviders locale={locale} dehydratedState={dehydratedState}>
      <AppRouter locale={locale} />
    </AppProviders>
  </StrictMode>
);

if (dehydratedState && container.firstElementChild) {
  // The page is already on screen: hydrate it as a transition, in slices that leave the main thread
  // free for the visitor's first taps and scrolls instead of one long task.
  startTransition(() => {
    hydrateRoot(container, app, {
      // A page that renders differently here than on the server is a bug: say so where tests look.
      onRecoverableError: (error) => console.error('Hydration mismatch:', error),
    });
  });
} else {
  // index.html carries the home page's title and description for crawlers; every page renders its own
  // (PageMeta), so the shell's go: one title and one description per page.
  for (const element of document.head.querySelectorAll('title, meta[name="description"]')) element.remove();
  createRoot(container).render(app);
}
