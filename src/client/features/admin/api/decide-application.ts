import { type ApplicationDecisionBody, adminApplicationSchema } from '@shared/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_APPLICATIONS_KEY } from './get-applications';
import { ADMIN_USERS_KEY } from './get-users';

/** PATCH /api/admin/applications/{id}: approve (category required), reject, or ask for information. */
export function decideApplication({ id, body }: { id: number; body: ApplicationDecisionBody }) {
  return apiRequest(`/api/admin/applications/${id}`, adminApplicationSchema, { method: 'PATCH', body });
}

/** Applications reload; an approval also publishes a listing and makes a partner, so search and users reload. */
export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApplication,
    onSuccess: (_application, { body }) => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_APPLICATIONS_KEY });
      if (body.status === 'approved') {
        void queryClient.invalidateQueries({ queryKey: ['/api/providers'] });
        void queryClient.invalidateQueries({ queryKey: ['/api/categories'] });
        void queryClient.invalidateQueries({ queryKey: ['/api/service-names'] });
        void queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
      }
    },
  });
}
