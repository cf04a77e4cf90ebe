import { adminJobsSchema } from '@shared/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const ADMIN_JOBS_KEY = ['/api/admin/jobs'] as const;

/** The background queue: counts by kind and state, and the jobs that failed every attempt. */
export function useAdminJobs() {
  return useQuery({
    queryKey: ADMIN_JOBS_KEY,
    queryFn: ({ signal }) => apiRequest('/api/admin/jobs', adminJobsSchema, { signal }),
    refetchInterval: 30_000,
  });
}

/** Runs a failed job again from its first attempt. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/admin/jobs/${id}/retry`, adminJobsSchema, { method: 'POST', body: {} }),
    onSuccess: (jobs) => queryClient.setQueryData(ADMIN_JOBS_KEY, jobs),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_JOBS_KEY }),
  });
}
