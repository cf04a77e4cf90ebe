import type { Provider } from '@shared/contract/catalog';
import { cityLabel } from '@shared/domain/ontario';

/**
 * Where a provider is, once: `800 Queen St W, Toronto, ON` with a street address, else `Toronto, ON`
 * (a stored location already names the province: it is never added twice).
 */
export function placeOf(
  provider: Pick<Provider, 'streetAddress' | 'location' | 'city' | 'province'>,
): string {
  const town = provider.location || `${cityLabel(provider.city)}, ${provider.province}`;
  const withProvince = new RegExp(`,\\s*${provider.province}$`, 'i').test(town)
    ? town
    : `${town}, ${provider.province}`;
  return provider.streetAddress ? `${provider.streetAddress}, ${withProvince}` : withProvince;
}
