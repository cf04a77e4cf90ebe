import type { Provider } from '@shared/contract/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCommand } from '@/lib/api-client';
import { useT } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';
import { type getSavedServices, SAVED_SERVICES_KEY } from './get-saved-services';

type SavedList = Awaited<ReturnType<typeof getSavedServices>>;

export function saveService(providerId: number) {
  return apiCommand('/api/saved-services', { method: 'POST', body: { providerId } });
}

export function unsaveService(providerId: number) {
  return apiCommand(`/api/saved-services/${providerId}`, { method: 'DELETE' });
}

/** Saves or forgets a provider, updating the saved list at once and rolling back if the server refuses. */
export function useToggleSavedService() {
  const queryClient = useQueryClient();
  const t = useT('shell');
  return useMutation({
    mutationFn: ({ provider, save }: { provider: Provider; save: boolean }) =>
      save ? saveService(provider.id) : unsaveService(provider.id),
    onMutate: async ({ provider, save }) => {
      await queryClient.cancelQueries({ queryKey: SAVED_SERVICES_KEY });
      const previous = queryClient.getQueryData<SavedList>(SAVED_SERVICES_KEY);
      const without = (previous ?? []).filter((p) => p.id !== provider.id);
      queryClient.setQueryData<SavedList>(
        SAVED_SERVICES_KEY,
        save ? [{ ...provider, savedAt: new Date().toISOString() }, ...without] : without,
      );
      return { previous };
    },
    onError: (_error, { save }, context) => {
      queryClient.setQueryData(SAVED_SERVICES_KEY, context?.previous);
      notify('error', t(save ? 'toast.saveFailed' : 'toast.removeFailed'), t('toast.savedFailed'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_SERVICES_KEY }),
  });
}
