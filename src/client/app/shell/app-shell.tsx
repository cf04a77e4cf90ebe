import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { BackToTop } from '@/components/layout/back-to-top';
import { MobileBottomBar } from './mobile-bottom-bar';
import { MobileTopBar } from './mobile-top-bar';
import { PageErrorBoundary } from './page-error-boundary';
import { PageFallback } from '@/components/layout/page-fallback';
import { ScrollManager } from '@/components/layout/scroll-manager';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from './site-header';
import { useT } from '@/lib/i18n/i18n';

/**
 * Marks the document once the page is live: its effect runs when the page's boundary has rendered in
 * the browser, or, on a pre-rendered page, finished hydrating (before that, the server's buttons are
 * only HTML). Renders nothing, on the server too. Browser tests wait for `html[data-hydrated]`.
 */
function HydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** Top bar (md and up), phone top and bottom bars, the page, the footer. */
export function AppShell() {
  const t = useT('shell');
  return (
    <div className="flex min-h-dvh flex-col pb-[calc(4.5rem+env(safe-area-inset-bottom))] md:pb-0">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary-700 px-4 py-3 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <ScrollManager />
      <SiteHeader />
      <MobileTopBar />
      <main id="main" className="min-h-dvh flex-1">
        <PageErrorBoundary>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
            <HydratedMarker />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <SiteFooter />
      <BackToTop />
      <MobileBottomBar />
    </div>
  );
}
