import { QueryClient } from '@tanstack/react-query';

/**
 * docs/product.md §14 defaults: no retry, no refetch on focus, never stale unless a query says otherwise.
 * An action (a mutation) is sent even offline (`networkMode: 'always'`): it fails at once with the lost
 * connection's sentence. Paused, a Pay or a Sign In spun without a word and went through by itself
 * minutes later, when the connection came back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { networkMode: 'always' },
    },
  });
}
