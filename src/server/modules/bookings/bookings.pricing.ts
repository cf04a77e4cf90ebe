import type { Provider } from '../../../shared/contract/catalog';
import type { DeliveryPlace } from '../../../shared/domain/delivery';
import { lineTotals, priceLines } from '../../../shared/domain/price-lines';
import { bookingErrors } from './bookings.errors';

/** When a provider lists no services: basic = price, premium = 2x, deluxe = 3x, with 40 dollars when there is no price. */
export const SERVICE_TIERS = [
  { name: 'Basic', factor: 1 },
  { name: 'Premium', factor: 2 },
  { name: 'Deluxe', factor: 3 },
] as const;
export const DEFAULT_PRICE_CENTS = 4000;

/** Strips a card entry's price suffix: `Deep Cleaning - $220.00` becomes `Deep Cleaning`. */
export function serviceNameOf(entry: string): string {
  return entry.split(/ - \$| - CAD| - |\//)[0]!.trim();
}

export type PricedService = {
  serviceId: number | null;
  title: string;
  priceCents: number;
  durationMinutes: number;
  deliveredAt: DeliveryPlace;
};

/** The service booked, its price, length and place, always from the provider's stored listing. */
export function priceService(
  provider: Pick<Provider, 'services' | 'price' | 'deliveredAt'>,
  choice: { serviceId?: number | null; serviceTitle?: string | null },
): PricedService {
  if (provider.services.length > 0) {
    const wanted = choice.serviceTitle ? serviceNameOf(choice.serviceTitle).toLowerCase() : null;
    const service =
      choice.serviceId != null
        ? provider.services.find((s) => s.id === choice.serviceId)
        : wanted && wanted !== 'service booking'
          ? provider.services.find((s) => s.name.toLowerCase() === wanted)
          : provider.services[0];
    if (!service) throw bookingErrors.unknownService();
    return {
      serviceId: service.id,
      title: service.name,
      priceCents: Math.round(service.price * 100),
      durationMinutes: service.durationMinutes ?? 60,
      deliveredAt: service.deliveredAt,
    };
  }
  const base = provider.price > 0 ? Math.round(provider.price * 100) : DEFAULT_PRICE_CENTS;
  const wanted = choice.serviceTitle ? serviceNameOf(choice.serviceTitle).toLowerCase() : 'basic';
  const tier =
    SERVICE_TIERS.find((t) => t.name.toLowerCase() === wanted) ??
    (wanted === 'service booking' ? SERVICE_TIERS[0] : undefined);
  if (!tier) throw bookingErrors.unknownService();
  return {
    serviceId: null,
    title: tier.name,
    priceCents: base * tier.factor,
    durationMinutes: 60,
    deliveredAt: provider.deliveredAt,
  };
}

/**
 * What a hold of this service costs, line by line (docs/product.md §7): the service, a discount, the
 * fee and the HST that applies to this provider and category now. The booking keeps these lines.
 */
export function priceHold(
  provider: Pick<Provider, 'hstRegistered' | 'categoryTaxExempt'>,
  service: Pick<PricedService, 'priceCents'>,
  discount: { cents: number; code: string | null } = { cents: 0, code: null },
) {
  const { lines } = priceLines({
    servicePriceCents: service.priceCents,
    partnerHstRegistered: provider.hstRegistered,
    categoryExempt: provider.categoryTaxExempt,
    discountCents: discount.cents,
    promoCode: discount.code,
  });
  return { lines, ...lineTotals(lines) };
}
