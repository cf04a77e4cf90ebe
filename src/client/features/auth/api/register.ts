import { type RegisterBody, userSchema } from '@shared/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearSignedOutMark } from '../lib/redirect';
import { setSessionHint } from '@/lib/session/session-hint';
import { CURRENT_USER_KEY } from '@/lib/session/get-user';

/** The auth page sends email, password, fullName; the header modal adds username and phone. */
export function register(body: RegisterBody) {
  return apiRequest('/api/register', userSchema, { method: 'POST', body });
}

/** Creates the account and signs in; the answer becomes the current user. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: async (user) => {
      clearSignedOutMark();
      setSessionHint(true);
      // A refetch that started before signing in must not overwrite the new user with "signed out".
      await queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
  });
}
