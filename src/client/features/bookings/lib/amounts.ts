import { dollarsToCents } from '@shared/domain/money';
import { priceLines } from '@shared/domain/price-lines';
import type { BookingDraft } from './booking-draft';

/** Cents of a shown price such as `$1,120.00`, or null when it is not a price. */
export function parsePriceText(price: string): number | null {
  const cleaned = price.replace(/[^\d.]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return dollarsToCents(Number(cleaned));
}

/**
 * The total the bottom bar shows before paying, computed by the server's own rules from the service
 * price (docs/product.md §7): the all-in price, plus HST on the service when the partner charges it.
 * The server's answer at payment is final. A draft kept from before it carried its service price shows
 * its price as it was shown.
 */
export function estimatedTotalCents(draft: Pick<BookingDraft, 'price' | 'priceCents' | 'chargesHst'>) {
  if (draft.priceCents === undefined) return parsePriceText(draft.price);
  return priceLines({
    servicePriceCents: draft.priceCents,
    partnerHstRegistered: draft.chargesHst === true,
    categoryExempt: false,
  }).totalCents;
}
