import { partnerListingSchema } from '@shared/contract/partner';
import type { partnerScheduleBodySchema } from '@shared/contract/partner';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { listingSaved } from './listing-saved';

export type PartnerScheduleBody = z.input<typeof partnerScheduleBodySchema>;

/** PUT /api/partner/schedule: the weekly hours; bookable slots follow at once. */
export function updatePartnerSchedule(body: PartnerScheduleBody) {
  return apiRequest('/api/partner/schedule', partnerListingSchema, { method: 'PUT', body });
}

export function useUpdatePartnerSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePartnerSchedule,
    onSuccess: (listing) => listingSaved(queryClient, listing),
  });
}
