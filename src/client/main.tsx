import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import './styles/index.css';

// Zod would probe for `new Function` (faster parsers), which our Content-Security-Policy forbids: the
// probe fails safely but reports a violation. The browser parses small answers; no JIT needed.
zodConfig({ jitless: true });

const container = document.getElementById('root')!;
// A pre-rendered page (home, listing, provider for a visitor) comes with the data it was rendered from.
const stateScript = document.getElementById('trillium-state');
const dehydratedState = stateScript
  ? (JSON.parse(stateScript.textContent ?? '{}') as DehydratedState)
  : undefined;

const app = (
  <StrictMode>
    <AppProviders dehydratedState={dehydratedState}>
      <AppRouter />
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
