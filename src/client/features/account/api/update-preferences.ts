import { type Preferences, type PreferencesView, preferencesViewSchema } from '@shared/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { PREFERENCES_KEY } from './get-preferences';

export function updatePreferences(body: Preferences) {
  return apiRequest('/api/user/preferences', preferencesViewSchema, { method: 'PUT', body });
}

/** Saved to the account (docs/product.md §10: kept on the server, not only in the browser); the toggle moves at once and rolls back on failure. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: PREFERENCES_KEY });
      const previous = queryClient.getQueryData<PreferencesView>(PREFERENCES_KEY);
      if (previous) queryClient.setQueryData(PREFERENCES_KEY, { ...previous, ...next });
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(PREFERENCES_KEY, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}
