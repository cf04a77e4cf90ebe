import { adminUserSchema } from '@shared/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_USERS_KEY } from './get-users';

/** PATCH /api/admin/users/{id}: switch between user and partner (admin accounts are locked). */
export function updateAdminUser({ id, role }: { id: number; role: 'user' | 'partner' }) {
  return apiRequest(`/api/admin/users/${id}`, adminUserSchema, { method: 'PATCH', body: { role } });
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
