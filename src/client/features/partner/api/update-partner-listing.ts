import { partnerListingSchema } from '@shared/contract/partner';
import type { partnerListingBodySchema } from '@shared/contract/partner';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { listingSaved } from './listing-saved';

export type PartnerListingBody = z.input<typeof partnerListingBodySchema>;

/** PUT /api/partner/listing: description, city, the business street address and (optionally) an uploaded photo. */
export function updatePartnerListing(body: PartnerListingBody) {
  return apiRequest('/api/partner/listing', partnerListingSchema, { method: 'PUT', body });
}

export function useUpdatePartnerListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePartnerListing,
    onSuccess: (listing) => listingSaved(queryClient, listing),
  });
}
