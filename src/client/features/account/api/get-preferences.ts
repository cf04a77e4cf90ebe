import { preferencesViewSchema } from '@shared/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const PREFERENCES_KEY = ['/api/user/preferences'] as const;

export function getPreferences({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/user/preferences', preferencesViewSchema, { signal });
}

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: PREFERENCES_KEY, queryFn: ({ signal }) => getPreferences({ signal }) });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}
