import { QueryClient } from '@tanstack/react-query';

/** docs/product.md §14 defaults: no retry, no refetch on focus, never stale unless a query says otherwise. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
    },
  });
}
