import type { ProfileBody } from '@shared/contract/account';
import { userSchema } from '@shared/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@/lib/session/get-user';
import { apiRequest } from '@/lib/api-client';

export function updateProfile(body: ProfileBody) {
  return apiRequest('/api/user/profile', userSchema, { method: 'PUT', body });
}

/** The updated user replaces the cached current user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}
