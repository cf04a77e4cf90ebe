import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BackToTop } from './back-to-top';
import { MobileBottomBar } from './mobile-bottom-bar';
import { MobileTopBar } from './mobile-top-bar';
import { PageFallback } from './page-fallback';
import { ScrollManager } from './scroll-manager';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Top bar (md and up), phone top and bottom bars, the page, the footer. */
export function AppShell() {
  return (
    <div className="flex min-h-dvh flex-col pb-[calc(4.5rem+env(safe-area-inset-bottom))] md:pb-0">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary-700 px-4 py-3 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <ScrollManager />
      <SiteHeader />
      <MobileTopBar />
      <main id="main" className="min-h-dvh flex-1">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <BackToTop />
      <MobileBottomBar />
    </div>
  );
}
