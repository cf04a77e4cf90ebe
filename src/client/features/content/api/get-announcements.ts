import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The contract (and zod) loads in parallel with the request, not with the page.
const announcementsResponseSchema = () =>
  import('@shared/contract/content').then((m) => m.announcementsResponseSchema);

export function getAnnouncements({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/announcements', announcementsResponseSchema, { signal });
}

/** Newest first (the API already answers so; sorted again so the page never depends on it). */
export const announcementsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/announcements'],
    queryFn: ({ signal }) => getAnnouncements({ signal }),
    select: (items) => [...items].sort((a, b) => b.publishedDate.localeCompare(a.publishedDate)),
  });

export function useAnnouncements() {
  return useQuery(announcementsQueryOptions());
}
