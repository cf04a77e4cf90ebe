import { describe, expect, it } from 'vitest';
import { categoryImage, DEFAULT_CATEGORY_IMAGE } from './images';

describe('categoryImage', () => {
  it('gives tax-services, tax-filing and baby-sitting their own artwork', () => {
    expect(categoryImage('tax-services')).toBe('/images/categories/tax-services.svg');
    expect(categoryImage('tax-filing')).toBe('/images/categories/tax-filing.svg');
    expect(categoryImage('baby-sitting')).toBe('/images/categories/baby-sitting.svg');
  });
  it('maps other known slugs by slug and unknown ones to the default', () => {
    expect(categoryImage('home-cleaning')).toBe('/images/categories/home-cleaning.svg');
    expect(categoryImage('underwater-basket-weaving')).toBe(DEFAULT_CATEGORY_IMAGE);
  });
});
