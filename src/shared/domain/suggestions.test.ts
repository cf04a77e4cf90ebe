import { describe, expect, it } from 'vitest';
import {
  buildSuggestionTerms,
  HERO_SUGGESTION_LIMIT,
  LISTING_SUGGESTION_LIMIT,
  SUGGESTION_EXTRAS,
  serviceNameOf,
  suggestionsFor,
  termMatches,
} from './suggestions';

describe('serviceNameOf', () => {
  it('keeps the part before " - $", "/", " - CAD" or " - "', () => {
    expect(serviceNameOf('Deep Cleaning - $220.00')).toBe('Deep Cleaning');
    expect(serviceNameOf('Window Washing/hour')).toBe('Window Washing');
    expect(serviceNameOf('Tax Return - CAD 80')).toBe('Tax Return');
    expect(serviceNameOf('Full Detail - premium')).toBe('Full Detail');
    expect(serviceNameOf('  Plain Name  ')).toBe('Plain Name');
  });
  it('cuts at the earliest separator', () => {
    expect(serviceNameOf('Wash/Dry - $30')).toBe('Wash');
  });
});

describe('buildSuggestionTerms', () => {
  it('adds the fixed extras, sorts alphabetically and removes duplicates', () => {
    const terms = buildSuggestionTerms([
      'Deep Cleaning - $220.00',
      'deep cleaning',
      'Lunch Delivery - $15.00',
    ]);
    for (const extra of SUGGESTION_EXTRAS) expect(terms).toContain(extra);
    expect(terms.filter((t) => t.toLowerCase() === 'deep cleaning')).toHaveLength(1);
    expect(terms.filter((t) => t === 'Lunch Delivery')).toHaveLength(1);
    expect(terms).toEqual([...terms].sort((a, b) => a.localeCompare(b)));
  });
  it('drops empty names', () => {
    expect(buildSuggestionTerms([' - $20', '   '])).toHaveLength(SUGGESTION_EXTRAS.length);
  });
});

describe('termMatches', () => {
  it('matches when the name contains the text, case-insensitively after trimming', () => {
    expect(termMatches('Deep Cleaning', '  CLEAN ')).toBe(true);
    expect(termMatches('Deep Cleaning', 'eep')).toBe(true);
  });
  it('matches a word start and a part after "&"', () => {
    expect(termMatches('Hair Styling & Cut', 'cut')).toBe(true);
    expect(termMatches('Manicure & Pedicure', 'ped')).toBe(true);
  });
  it('never matches empty text or unrelated text', () => {
    expect(termMatches('Deep Cleaning', '   ')).toBe(false);
    expect(termMatches('Deep Cleaning', 'plumb')).toBe(false);
  });
});

describe('suggestionsFor', () => {
  const terms = buildSuggestionTerms([
    'Carpet Cleaning - $90.00',
    'Car Wash - $25.00',
    'Car Detailing - $150.00',
    'Ceramic Coating - $600.00',
    'Cart Repair',
    'Card Reading',
    'Scar Treatment',
    'Oscar Party Catering',
    'Carburetor Service',
  ]);
  it('is empty for empty text', () => {
    expect(suggestionsFor(terms, '', 8)).toEqual([]);
    expect(suggestionsFor(terms, '  ', 8)).toEqual([]);
  });
  it('returns alphabetical matches, at most the limit', () => {
    const listing = suggestionsFor(terms, 'car', LISTING_SUGGESTION_LIMIT);
    expect(listing).toHaveLength(LISTING_SUGGESTION_LIMIT);
    expect(listing).toEqual([...listing].sort((a, b) => a.localeCompare(b)));
    expect(listing[0]).toBe('Car Detailing');
    expect(suggestionsFor(terms, 'car', HERO_SUGGESTION_LIMIT)).toHaveLength(HERO_SUGGESTION_LIMIT);
  });
  it('includes the extras', () => {
    expect(suggestionsFor(terms, 'lunch', 8)).toEqual(['Lunch Delivery']);
    expect(suggestionsFor(terms, 'hair', 8)).toEqual(['Hair Coloring', 'Hair Styling & Cut']);
  });
  it('de-duplicates terms that differ only in case', () => {
    expect(suggestionsFor(['Car Wash', 'car wash'], 'wash', 8)).toEqual(['Car Wash']);
  });
});
