import type { Provider } from '@shared/contract/catalog';
import { describe, expect, it } from 'vitest';
import { formatDuration, serviceOptions } from './service-options';

const base = { price: 50, services: [] } as unknown as Provider;

describe('serviceOptions', () => {
  it('lists the provider’s own services', () => {
    const provider = {
      ...base,
      services: [{ id: 7, name: 'Deep Cleaning', price: 220, description: null, durationMinutes: 240 }],
    } as Provider;
    expect(serviceOptions(provider)).toEqual([
      { key: '7', id: 7, name: 'Deep Cleaning', price: 220, description: null, durationMinutes: 240 },
    ]);
  });
  it('falls back to basic, premium (2x) and deluxe (3x) tiers, 40 when the price is missing', () => {
    expect(serviceOptions(base).map((o) => [o.name, o.price])).toEqual([
      ['Basic', 50],
      ['Premium', 100],
      ['Deluxe', 150],
    ]);
    expect(serviceOptions({ ...base, price: 0 } as Provider)[0]?.price).toBe(40);
  });
});

describe('formatDuration', () => {
  it('reads hours and minutes', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
  });
});
