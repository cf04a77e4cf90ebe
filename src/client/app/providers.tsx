import { type DehydratedState, hydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '@/lib/query-client';

const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

type AppProvidersProps = {
  children: ReactNode;
  /** The server's pre-render passes the cache it rendered from. */
  queryClient?: QueryClient;
  /** In the browser: the cache a pre-rendered page was rendered from, so hydration sees the same data. */
  dehydratedState?: DehydratedState;
};

/** Data cache and the toast area. */
export function AppProviders({ children, queryClient: given, dehydratedState }: AppProvidersProps) {
  const [queryClient] = useState(() => {
    if (given) return given;
    const client = createQueryClient();
    if (dehydratedState) hydrate(client, dehydratedState);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </QueryClientProvider>
  );
}
