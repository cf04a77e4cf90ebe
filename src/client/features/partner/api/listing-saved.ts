import type { PartnerListing } from '@shared/contract/partner';
import type { QueryClient } from '@tanstack/react-query';
import { PARTNER_LISTING_KEY } from './get-partner-listing';

/**
 * After any listing save: the answer replaces the cached listing, and every catalog query (search,
 * featured, the provider page and its availability, all under /api/providers) and the service-name
 * suggestions reload, so customers see the change at once.
 */
export function listingSaved(queryClient: QueryClient, listing: PartnerListing): void {
  queryClient.setQueryData(PARTNER_LISTING_KEY, listing);
  void queryClient.invalidateQueries({ queryKey: ['/api/providers'] });
  void queryClient.invalidateQueries({ queryKey: ['/api/service-names'] });
}
