import { describe, expect, it } from 'vitest';
import { placeOf } from './place';

describe('where a provider is', () => {
  it('names the province once', () => {
    const base = { streetAddress: null, city: 'toronto', province: 'ON' };
    expect(placeOf({ ...base, location: 'Toronto, ON' })).toBe('Toronto, ON');
    expect(placeOf({ ...base, location: 'Toronto' })).toBe('Toronto, ON');
    expect(placeOf({ ...base, location: '' })).toBe('Toronto, ON');
    expect(placeOf({ ...base, location: 'Toronto, ON', streetAddress: '800 Queen St W' })).toBe(
      '800 Queen St W, Toronto, ON',
    );
  });
});
