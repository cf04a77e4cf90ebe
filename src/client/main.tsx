import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import './styles/index.css';

// index.html carries the home page's description for crawlers; every page renders its own (PageMeta).
for (const meta of document.head.querySelectorAll('meta[name="description"]')) meta.remove();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
