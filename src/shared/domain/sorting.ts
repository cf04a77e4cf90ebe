/** How provider lists can be sorted (kept free of zod so the first page's JavaScript stays small). */
export const SORT_OPTIONS = ['relevance', 'price_asc', 'price_desc', 'rating_desc'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const SORT_LABELS: Record<SortOption, string> = {
  relevance: 'Relevance',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  rating_desc: 'Rating: High to Low',
};
