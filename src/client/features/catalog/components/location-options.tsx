import { cityLabel, HOME_CITIES } from '@shared/domain/ontario';
import { useT } from '@/lib/i18n/i18n';

/** "All Locations", the eight home cities, and the current one if a link named another city. */
export function LocationOptions({ current }: { current: string }) {
  const t = useT('catalog');
  const extra = current && !HOME_CITIES.some((city) => city.value === current) ? current : null;
  return (
    <>
      <option value="">{t('search.allLocations')}</option>
      {HOME_CITIES.map((city) => (
        <option key={city.value} value={city.value}>
          {city.label}
        </option>
      ))}
      {extra ? <option value={extra}>{cityLabel(extra)}</option> : null}
    </>
  );
}
