import type { Provider } from '@shared/contract/catalog';
import type { DeliveryPlace } from '@shared/domain/delivery';
import { allInCents } from '@shared/domain/price-lines';

export type ServiceOption = {
  key: string;
  name: string;
  /** Dollars: the service price the server prices from. */
  price: number;
  /** Dollars: what the customer sees, with the service fee and its HST (docs/product.md §7). */
  allInPrice: number;
  description: string | null;
  durationMinutes: number | null;
  /** Where it happens: the customer's address or the provider's place. */
  deliveredAt: DeliveryPlace;
};

const DEFAULT_PRICE = 40;

/** The provider's services; when it lists none, the spec's tiers: basic = price, premium = 2x, deluxe = 3x. */
export function serviceOptions(provider: Provider): ServiceOption[] {
  if (provider.services.length > 0) {
    return provider.services.map((service) => ({ key: String(service.id), ...service }));
  }
  const base = provider.price > 0 ? provider.price : DEFAULT_PRICE;
  const tier = (key: string, name: string, price: number) => ({
    key,
    name,
    price,
    allInPrice: allInCents(Math.round(price * 100)) / 100,
    description: null,
    durationMinutes: null,
    deliveredAt: provider.deliveredAt,
  });
  return [
    tier('basic', 'Basic', base),
    tier('premium', 'Premium', base * 2),
    tier('deluxe', 'Deluxe', base * 3),
  ];
}

/** `1 h 30 min`, `45 min`. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
