import type { Notification } from '@shared/contract/notifications';
import { notificationSchema } from '@shared/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useT } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';
import { NOTIFICATIONS_KEY } from './get-notifications';
import { apiCommand } from '@/lib/api-client';

const readAnswerSchema = notificationSchema.pick({ id: true, isRead: true });

export function setNotificationRead(id: number, isRead: boolean) {
  return apiRequest(`/api/notifications/${id}`, readAnswerSchema, { method: 'PATCH', body: { isRead } });
}

export function markAllNotificationsRead() {
  return apiCommand('/api/notifications/read-all', { method: 'POST' });
}

export function dismissNotification(id: number) {
  return apiCommand(`/api/notifications/${id}`, { method: 'DELETE' });
}

type Change = (list: Notification[]) => Notification[];

/** An optimistic change to the cached list, rolled back when the server refuses it. */
function useOptimistic<Input>(
  mutationFn: (input: Input) => Promise<unknown>,
  change: (input: Input) => Change,
) {
  const queryClient = useQueryClient();
  const t = useT('shell');
  return useMutation({
    mutationFn,
    onMutate: async (input: Input) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_KEY });
      const previous = queryClient.getQueryData<Notification[]>(NOTIFICATIONS_KEY);
      if (previous) queryClient.setQueryData(NOTIFICATIONS_KEY, change(input)(previous));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATIONS_KEY, context.previous);
      notify('error', t('toast.somethingWrong'), t('toast.notificationsFailed'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useSetNotificationRead() {
  return useOptimistic(
    ({ id, isRead }: { id: number; isRead: boolean }) => setNotificationRead(id, isRead),
    ({ id, isRead }) =>
      (list) =>
        list.map((n) => (n.id === id ? { ...n, isRead } : n)),
  );
}

export function useMarkAllNotificationsRead() {
  return useOptimistic(
    (_: undefined) => markAllNotificationsRead(),
    () => (list) => list.map((n) => ({ ...n, isRead: true })),
  );
}

export function useDismissNotification() {
  return useOptimistic(
    (id: number) => dismissNotification(id),
    (id) => (list) => list.filter((n) => n.id !== id),
  );
}
