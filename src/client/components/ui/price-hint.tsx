import { chargesHstOnService } from '@shared/domain/price-lines';
import { useT } from '@/lib/i18n/i18n';

/**
 * The hint beside an all-in price (docs/product.md §7): "incl. service fee", and ", plus HST" when the
 * partner charges HST on the service. Every price a customer sees before checkout carries it.
 */
export function PriceHint({
  provider,
  className = 'text-xs text-muted',
}: {
  provider: { hstRegistered: boolean; categoryTaxExempt: boolean };
  className?: string;
}) {
  const t = useT('ui');
  return (
    <span className={className} data-testid="price-hint">
      {chargesHstOnService(provider) ? t('price.allInPlusHst') : t('price.allIn')}
    </span>
  );
}
