import type { SyntheticEvent } from 'react';

export const FALLBACK_IMAGE = '/images/fallback.svg';
export const DEFAULT_CATEGORY_IMAGE = '/images/categories/default.svg';

/** Slugs with their own artwork; tax-services, tax-filing and baby-sitting are named by the spec. */
const CATEGORY_IMAGES = new Set([
  'tax-services',
  'tax-filing',
  'baby-sitting',
  'astrology',
  'auto-repair',
  'car-detailing',
  'catering',
  'financial-planning',
  'health-wellness',
  'home-cleaning',
  'legal-services',
  'lunch-delivery',
  'pet-grooming',
  'plumbing',
  'real-estate',
  'salon-services',
]);

/** The image of a category: its own artwork by slug, else the default category image. */
export function categoryImage(slug: string): string {
  return CATEGORY_IMAGES.has(slug) ? `/images/categories/${slug}.svg` : DEFAULT_CATEGORY_IMAGE;
}

/** onError handler: swaps a broken image for the fallback once (no loop if the fallback fails too). */
export function swapToFallback(event: SyntheticEvent<HTMLImageElement>): void {
  const image = event.currentTarget;
  if (image.dataset.fallback === 'true') return;
  image.dataset.fallback = 'true';
  image.src = FALLBACK_IMAGE;
}
