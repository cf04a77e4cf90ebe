import { type DehydratedState, hydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from 'react';
import type { Locale } from '@shared/i18n/locales';
import type { Namespace } from '@/lib/i18n/catalogs';
import { LocaleProvider } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { subscribeToastAsked, wasToastAsked } from '@/lib/toast';

const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

type AppProvidersProps = {
  children: ReactNode;
  /** The page's language (its address says: `/fr/...` is French). */
  locale: Locale;
  /** The pre-render's record of the catalogs the page reads. */
  usedNamespaces?: Set<Namespace>;
  /** The server's pre-render passes the cache it rendered from. */
  queryClient?: QueryClient;
  /** In the browser: the cache a pre-rendered page was rendered from, so hydration sees the same data. */
  dehydratedState?: DehydratedState;
};

/** Language, data cache and the toast area. */
export function AppProviders({
  children,
  locale,
  usedNamespaces,
  queryClient: given,
  dehydratedState,
}: AppProvidersProps) {
  const [queryClient] = useState(() => {
    if (given) return given;
    const client = createQueryClient();
    if (dehydratedState) hydrate(client, dehydratedState);
    return client;
  });
  // The toast area comes with the first toast (lib/toast.ts), not with every page.
  const toastAsked = useSyncExternalStore(subscribeToastAsked, wasToastAsked, () => false);
  return (
    <LocaleProvider locale={locale} used={usedNamespaces}>
      <QueryClientProvider client={queryClient}>
        {children}
        {toastAsked && (
          <Suspense fallback={null}>
            <AppToaster />
          </Suspense>
        )}
      </QueryClientProvider>
    </LocaleProvider>
  );
}
