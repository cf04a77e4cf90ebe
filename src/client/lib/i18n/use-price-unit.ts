import { useTOptional } from './i18n';

/** A price's unit (`/visit`) in the page's language; a unit the catalog does not know is shown as given. */
export function usePriceUnit(): (unit: string) => string {
  const t = useTOptional('ui');
  return (unit) => (unit ? t(`unit.${unit}`, unit) : unit);
}
