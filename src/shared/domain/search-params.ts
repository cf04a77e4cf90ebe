/** The services search state and its URL form (parameters appear only when they mean something). */
import { SORT_OPTIONS, type SortOption } from './sorting';

export const PRICE_MIN = 0;
export const PRICE_MAX = 200;
export const PRICE_STEP = 10;

export type SearchState = {
  q: string;
  /** City slug, or '' for anywhere. */
  location: string;
  /** Category slug, or 'all'. */
  category: string;
  sort: SortOption;
  minPrice: number;
  maxPrice: number;
  /** `fr`: only providers who serve in French (the French-speaking filter); '' for any. */
  lang: '' | 'fr';
};

export const DEFAULT_SEARCH_STATE: SearchState = {
  q: '',
  location: '',
  category: 'all',
  sort: 'relevance',
  minPrice: PRICE_MIN,
  maxPrice: PRICE_MAX,
  lang: '',
};

const SLUG = /^[a-z0-9-]{1,80}$/;

/** The query string (without '?') for a state: each parameter only when it changes the results. */
export function buildSearchQuery(state: Partial<SearchState>): string {
  const params = new URLSearchParams();
  const q = state.q?.trim() ?? '';
  if (q) params.set('q', q);
  const location = state.location?.trim().toLowerCase() ?? '';
  if (location && location !== 'all') params.set('location', location);
  const category = state.category?.trim().toLowerCase() ?? '';
  if (category && category !== 'all') params.set('category', category);
  if (state.sort && state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.minPrice !== undefined && state.minPrice > PRICE_MIN)
    params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== undefined && state.maxPrice < PRICE_MAX)
    params.set('maxPrice', String(state.maxPrice));
  if (state.lang === 'fr') params.set('lang', 'fr');
  return params.toString();
}

function priceParam(value: string | null, fallback: number): number {
  if (value === null || !/^\d{1,7}(\.\d{1,2})?$/.test(value.trim())) return fallback;
  return Math.min(PRICE_MAX, Math.max(PRICE_MIN, Number(value)));
}

/**
 * The state a query string describes; unknown or malformed values fall back to the defaults.
 * `pathCategory` is the slug of `/services/{category}`; `?category=` wins over it.
 */
export function parseSearchState(query: string | URLSearchParams, pathCategory?: string): SearchState {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const location = (params.get('location') ?? '').trim().toLowerCase();
  const categoryRaw = (params.get('category') ?? pathCategory ?? '').trim().toLowerCase();
  const sortRaw = params.get('sort') ?? '';
  let minPrice = priceParam(params.get('minPrice'), PRICE_MIN);
  let maxPrice = priceParam(params.get('maxPrice'), PRICE_MAX);
  if (minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    location: SLUG.test(location) && location !== 'all' ? location : '',
    category: SLUG.test(categoryRaw) ? categoryRaw : 'all',
    sort: (SORT_OPTIONS as readonly string[]).includes(sortRaw) ? (sortRaw as SortOption) : 'relevance',
    minPrice,
    maxPrice,
    lang: params.get('lang')?.trim().toLowerCase() === 'fr' ? 'fr' : '',
  };
}
