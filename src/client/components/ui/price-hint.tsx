import { ALL_IN_HINT, chargesHstOnService, PLUS_HST_HINT } from '@shared/domain/price-lines';

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
  return (
    <span className={className} data-testid="price-hint">
      {chargesHstOnService(provider) ? `${ALL_IN_HINT}, ${PLUS_HST_HINT}` : ALL_IN_HINT}
    </span>
  );
}
