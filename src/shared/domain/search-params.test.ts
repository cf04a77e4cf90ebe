import { describe, expect, it } from 'vitest';
import { buildSearchQuery, DEFAULT_SEARCH_STATE, parseSearchState } from './search-params';

describe('buildSearchQuery', () => {
  it('is empty for the default state', () => {
    expect(buildSearchQuery(DEFAULT_SEARCH_STATE)).toBe('');
    expect(buildSearchQuery({})).toBe('');
  });
  it('adds each parameter only when meaningful', () => {
    expect(buildSearchQuery({ ...DEFAULT_SEARCH_STATE, q: '  ' })).toBe('');
    expect(buildSearchQuery({ ...DEFAULT_SEARCH_STATE, location: 'all' })).toBe('');
    expect(buildSearchQuery({ ...DEFAULT_SEARCH_STATE, category: 'all' })).toBe('');
    expect(buildSearchQuery({ ...DEFAULT_SEARCH_STATE, sort: 'relevance' })).toBe('');
    expect(buildSearchQuery({ ...DEFAULT_SEARCH_STATE, minPrice: 0, maxPrice: 200 })).toBe('');
    expect(buildSearchQuery({ ...DEFAULT_SEARCH_STATE, lang: '' })).toBe('');
  });
  it('writes every meaningful value', () => {
    const query = buildSearchQuery({
      q: ' deep clean ',
      location: 'toronto',
      category: 'home-cleaning',
      sort: 'price_asc',
      minPrice: 20,
      maxPrice: 150,
      lang: 'fr',
    });
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      q: 'deep clean',
      location: 'toronto',
      category: 'home-cleaning',
      sort: 'price_asc',
      minPrice: '20',
      maxPrice: '150',
      lang: 'fr',
    });
  });
});

describe('parseSearchState', () => {
  it('gives the defaults for an empty query', () => {
    expect(parseSearchState('')).toEqual(DEFAULT_SEARCH_STATE);
  });
  it('reads every parameter', () => {
    expect(
      parseSearchState(
        'q=hair&location=ottawa&category=salon-services&sort=rating_desc&minPrice=10&maxPrice=90&lang=fr',
      ),
    ).toEqual({
      q: 'hair',
      location: 'ottawa',
      category: 'salon-services',
      sort: 'rating_desc',
      minPrice: 10,
      maxPrice: 90,
      lang: 'fr',
    });
  });
  it('takes the category from the path unless the query names one', () => {
    expect(parseSearchState('', 'car-detailing').category).toBe('car-detailing');
    expect(parseSearchState('category=astrology', 'car-detailing').category).toBe('astrology');
  });
  it('falls back on malformed values', () => {
    const state = parseSearchState(
      'location=all&category=Not%20A%20Slug&sort=cheapest&minPrice=-5&maxPrice=abc&lang=es',
    );
    expect(state).toEqual(DEFAULT_SEARCH_STATE);
  });
  it('clamps prices to 0..200 and orders them', () => {
    expect(parseSearchState('minPrice=500&maxPrice=50')).toMatchObject({ minPrice: 50, maxPrice: 200 });
  });
  it('round-trips through buildSearchQuery', () => {
    const state = {
      ...DEFAULT_SEARCH_STATE,
      q: 'tax',
      location: 'hamilton',
      sort: 'price_desc' as const,
      lang: 'fr' as const,
    };
    expect(parseSearchState(buildSearchQuery(state))).toEqual(state);
  });
});
