import { verifyEmailResponseSchema } from '@shared/contract/applications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/verify-email: single use, so it is asked once per link and never refetched. */
export function verifyEmail({ token, email }: { token: string; email: string }) {
  const params = new URLSearchParams({ token, email });
  return apiRequest(`/api/verify-email?${params}`, verifyEmailResponseSchema);
}

export const verifyEmailQueryOptions = (token: string, email: string) =>
  queryOptions({
    queryKey: ['/api/verify-email', token, email],
    // No abort signal: a remount (StrictMode) must not cancel and resend a single-use link.
    queryFn: () => verifyEmail({ token, email }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useVerifyEmail(token: string, email: string) {
  return useQuery(verifyEmailQueryOptions(token, email));
}
