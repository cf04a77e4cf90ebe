import { type ApplicationInput, applicationCreatedSchema } from '@shared/contract/applications';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/provider-applications: creates the applicant's account and a pending application. */
export function submitApplication(body: ApplicationInput) {
  return apiRequest('/api/provider-applications', applicationCreatedSchema, { method: 'POST', body });
}

export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}
