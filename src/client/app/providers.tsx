import { type DehydratedState, hydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, use, useState, useSyncExternalStore } from 'react';
import type { Locale } from '@shared/i18n/locales';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import type { Namespace } from '@/lib/i18n/catalogs';
import { LocaleProvider } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { subscribeToastAsked, toastAsks } from '@/lib/toast';

/** The toast area's code, asked for again after a failed load (the connection was lost then). */
let toasterModule: Promise<typeof import('./toaster')> | undefined;
function loadToaster() {
  toasterModule ??= import('./toaster').catch((error: unknown) => {
    toasterModule = undefined;
    throw error;
  });
  return toasterModule;
}

function LoadedToaster() {
  const { AppToaster } = use(loadToaster());
  return <AppToaster />;
}

/**
 * The toast area, from the first toast on (lib/toast.ts), not with every page. When its code cannot
 * load (offline at the first toast) nothing else on the page fails with it (the whole app went blank),
 * and the next toast tries again. What a toast says is also on the screen that raised it.
 */
function ToastArea() {
  const asks = useSyncExternalStore(subscribeToastAsked, toastAsks, () => 0);
  const [failedAt, setFailedAt] = useState<number | null>(null);
  if (asks === 0 || failedAt === asks) return null;
  return (
    <ErrorBoundary key={failedAt ?? 'first'} fallback={null} onError={() => setFailedAt(asks)}>
      <Suspense fallback={null}>
        <LoadedToaster />
      </Suspense>
    </ErrorBoundary>
  );
}

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
  return (
    <LocaleProvider locale={locale} used={usedNamespaces}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastArea />
      </QueryClientProvider>
    </LocaleProvider>
  );
}
