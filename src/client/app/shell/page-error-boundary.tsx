import { RefreshCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { useT } from '@/lib/i18n/i18n';

/**
 * The page's own failure, under the header and above the footer: a page whose code could not load (the
 * connection dropped before its first visit) or that failed while drawing. Without it the whole app went
 * blank and stayed blank. Try again reloads: a page's code that failed to load is not asked for again
 * otherwise. Another link of the header works at once.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary fallback={<PageError />} resetKey={`${location.pathname}${location.search}`}>
      {children}
    </ErrorBoundary>
  );
}

function PageError() {
  const t = useT('shell');
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className=" text-2xl font-bold tracking-tight text-ink">{t('pageError.title')}</h1>
      <p className="mt-2 text-muted">{t(offline ? 'pageError.offline' : 'pageError.text')}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        <RefreshCwIcon aria-hidden="true" />
        {t('pageError.retry')}
      </Button>
    </div>
  );
}
