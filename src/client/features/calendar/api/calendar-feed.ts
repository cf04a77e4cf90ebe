import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedLinkSchema } from '@shared/contract/calendar';
import { apiRequest } from '@/lib/api-client';

const FEED_KEY = ['/api/user/calendar-feed'] as const;

/** The account's private calendar feed link (made on first request). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: FEED_KEY,
    queryFn: ({ signal }) => apiRequest('/api/user/calendar-feed', feedLinkSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A new link; the old one stops working at once. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/user/calendar-feed/reset', feedLinkSchema, { method: 'POST', body: {} }),
    onSuccess: (link) => queryClient.setQueryData(FEED_KEY, link),
  });
}
