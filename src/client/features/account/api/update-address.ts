import type { AddressBody } from '@shared/contract/account';
import { userSchema } from '@shared/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@/lib/session/get-user';
import { apiRequest } from '@/lib/api-client';

/** The server stores the postal code normalised (`M5H 2N2`). */
export function updateAddress(body: AddressBody) {
  return apiRequest('/api/user/address', userSchema, { method: 'PUT', body });
}

/** The updated user replaces the cached current user. */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}
