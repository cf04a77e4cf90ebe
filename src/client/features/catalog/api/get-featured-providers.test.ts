import type { Provider } from '@shared/contract/catalog';
import { describe, expect, it } from 'vitest';
import { spreadAcrossCategories } from './get-featured-providers';

const provider = (id: number, categoryId: number) => ({ id, categoryId }) as Provider;

describe('spreadAcrossCategories', () => {
  it('takes the first of each category, then the second, up to the count', () => {
    const providers = [
      provider(1, 1),
      provider(2, 1),
      provider(3, 2),
      provider(4, 3),
      provider(5, 2),
      provider(6, 1),
    ];
    expect(spreadAcrossCategories(providers, 10).map((p) => p.id)).toEqual([1, 3, 4, 2, 5, 6]);
    expect(spreadAcrossCategories(providers, 4).map((p) => p.id)).toEqual([1, 3, 4, 2]);
  });
  it('stops at 10 by default and copes with an empty list', () => {
    const many = Array.from({ length: 30 }, (_, i) => provider(i + 1, i % 12));
    expect(spreadAcrossCategories(many)).toHaveLength(10);
    expect(spreadAcrossCategories([])).toEqual([]);
  });
});
