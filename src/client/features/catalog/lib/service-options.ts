import type { Provider } from '@shared/contract/catalog';

export type ServiceOption = {
  key: string;
  name: string;
  /** Dollars. */
  price: number;
  description: string | null;
  durationMinutes: number | null;
};

const DEFAULT_PRICE = 40;

/** The provider's services; when it lists none, the spec's tiers: basic = price, premium = 2x, deluxe = 3x. */
export function serviceOptions(provider: Provider): ServiceOption[] {
  if (provider.services.length > 0) {
    return provider.services.map((service) => ({ key: String(service.id), ...service }));
  }
  const base = provider.price > 0 ? provider.price : DEFAULT_PRICE;
  return [
    { key: 'basic', name: 'Basic', price: base, description: null, durationMinutes: null },
    { key: 'premium', name: 'Premium', price: base * 2, description: null, durationMinutes: null },
    { key: 'deluxe', name: 'Deluxe', price: base * 3, description: null, durationMinutes: null },
  ];
}

/** `1 h 30 min`, `45 min`. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
