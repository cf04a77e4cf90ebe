import type { Provider } from '@shared/contract/catalog';
import { cityLabel } from '@shared/domain/ontario';

/** Saved services whose name, description or city contains the search text (case-insensitive). */
export function filterSaved<T extends Pick<Provider, 'name' | 'description' | 'city'>>(
  list: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...list];
  return list.filter(
    (p) =>
      p.name.toLowerCase().includes(needle) ||
      p.description.toLowerCase().includes(needle) ||
      p.city.toLowerCase().includes(needle) ||
      cityLabel(p.city).toLowerCase().includes(needle),
  );
}
