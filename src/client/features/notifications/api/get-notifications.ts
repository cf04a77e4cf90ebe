import { notificationsResponseSchema } from '@shared/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;

export function getNotifications({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/notifications', notificationsResponseSchema, { signal });
}

/** The signed-in user's notifications, newest first; checked again every minute and on focus. */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal }) => getNotifications({ signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

export function useNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}
