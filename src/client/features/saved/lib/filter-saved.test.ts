import { describe, expect, it } from 'vitest';
import { filterSaved } from './filter-saved';

const list = [
  { name: 'Maple Leaf Maids', description: 'Home cleaning', city: 'toronto' },
  { name: 'Bay Auto', description: 'Brakes and tires', city: 'richmond-hill' },
];

describe('saved services search', () => {
  it('matches name, description or city (slug or label), case-insensitively', () => {
    expect(filterSaved(list, '').length).toBe(2);
    expect(filterSaved(list, 'maple').map((p) => p.name)).toEqual(['Maple Leaf Maids']);
    expect(filterSaved(list, 'TIRES').map((p) => p.name)).toEqual(['Bay Auto']);
    expect(filterSaved(list, 'Richmond Hill').map((p) => p.name)).toEqual(['Bay Auto']);
    expect(filterSaved(list, 'toronto').map((p) => p.name)).toEqual(['Maple Leaf Maids']);
    expect(filterSaved(list, 'plumbing')).toEqual([]);
  });
});
