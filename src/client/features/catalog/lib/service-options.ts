import type { Provider } from '@shared/contract/catalog';
import type { DeliveryPlace } from '@shared/domain/delivery';

export type ServiceOption = {
  key: string;
  name: string;
  /** Dollars. */
  price: number;
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
  const tier = { description: null, durationMinutes: null, deliveredAt: provider.deliveredAt };
  return [
    { key: 'basic', name: 'Basic', price: base, ...tier },
    { key: 'premium', name: 'Premium', price: base * 2, ...tier },
    { key: 'deluxe', name: 'Deluxe', price: base * 3, ...tier },
  ];
}

/** `1 h 30 min`, `45 min`. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
