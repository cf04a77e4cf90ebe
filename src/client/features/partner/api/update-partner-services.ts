import { partnerListingSchema } from '@shared/contract/partner';
import type { partnerServicesBodySchema } from '@shared/contract/partner';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { listingSaved } from './listing-saved';

export type PartnerServicesBody = z.output<typeof partnerServicesBodySchema>;

/** PUT /api/partner/services: replaces the services; the starting price becomes the cheapest. */
export function updatePartnerServices(body: PartnerServicesBody) {
  return apiRequest('/api/partner/services', partnerListingSchema, { method: 'PUT', body });
}

export function useUpdatePartnerServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePartnerServices,
    onSuccess: (listing) => listingSaved(queryClient, listing),
  });
}
