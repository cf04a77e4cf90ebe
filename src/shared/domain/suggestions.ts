/** Search suggestions: pure rules shared by the hero and the listing search bars. */

/** Terms always offered, whatever providers list. */
export const SUGGESTION_EXTRAS = [
  'Hair Styling & Cut',
  'Hair Coloring',
  'Lunch Delivery',
  'Manicure & Pedicure',
  'Corporate Event Catering',
  'Wedding Catering',
] as const;

/** At most 6 suggestions under the home hero, 8 under the listing bar. */
export const HERO_SUGGESTION_LIMIT = 6;
export const LISTING_SUGGESTION_LIMIT = 8;
/** The list closes this long after the box loses focus, so a click on an item still lands. */
export const SUGGESTION_BLUR_DELAY_MS = 300;

const SUFFIX_SEPARATORS = [' - $', '/', ' - CAD', ' - '] as const;

/** `Deep Cleaning - $220.00` → `Deep Cleaning`: the part before ' - $', '/', ' - CAD' or ' - '. */
export function serviceNameOf(entry: string): string {
  let cut = entry.length;
  for (const separator of SUFFIX_SEPARATORS) {
    const at = entry.indexOf(separator);
    if (at >= 0 && at < cut) cut = at;
  }
  return entry.slice(0, cut).trim();
}

/** The de-duplicated (case-insensitively), alphabetical list of terms: service names plus the extras. */
export function buildSuggestionTerms(entries: readonly string[]): string[] {
  const byKey = new Map<string, string>();
  for (const raw of [...entries.map(serviceNameOf), ...SUGGESTION_EXTRAS]) {
    const term = raw.trim();
    if (!term) continue;
    const key = term.toLowerCase();
    if (!byKey.has(key)) byKey.set(key, term);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en-CA', { sensitivity: 'base' }));
}

/**
 * Whether a term matches the typed text, case-insensitively after trimming: the term contains the
 * text, any word starts with it, or any part split on '&' starts with it.
 */
export function termMatches(term: string, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return false;
  const haystack = term.toLowerCase();
  if (haystack.includes(needle)) return true;
  if (haystack.split(/\s+/).some((word) => word.startsWith(needle))) return true;
  return haystack.split('&').some((part) => part.trim().startsWith(needle));
}

/** Suggestions for the typed text: matching terms, alphabetical, de-duplicated, at most `limit`. */
export function suggestionsFor(terms: readonly string[], text: string, limit: number): string[] {
  if (!text.trim()) return [];
  const seen = new Set<string>();
  const matches: string[] = [];
  for (const term of [...terms].sort((a, b) => a.localeCompare(b, 'en-CA', { sensitivity: 'base' }))) {
    const key = term.toLowerCase();
    if (seen.has(key) || !termMatches(term, text)) continue;
    seen.add(key);
    matches.push(term);
    if (matches.length >= limit) break;
  }
  return matches;
}
