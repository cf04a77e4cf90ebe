import { type LoginBody, userSchema } from '@shared/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearSignedOutMark } from '../lib/redirect';
import { setSessionHint } from '@/lib/session/session-hint';
import { CURRENT_USER_KEY } from '@/lib/session/get-user';
import { followAccountLocale } from '@/lib/i18n/choose-locale';

export function login(body: LoginBody) {
  return apiRequest('/api/login', userSchema, { method: 'POST', body });
}

/** Signs in; the answer becomes the current user at once (no second round trip). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      clearSignedOutMark();
      setSessionHint(true);
      // A refetch that started before signing in must not overwrite the new user with "signed out".
      await queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      followAccountLocale(user.language);
    },
  });
}
