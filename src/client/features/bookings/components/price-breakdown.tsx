import { chargesHstOnService, priceLines } from '@shared/domain/price-lines';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { useLineLabel } from '@/lib/i18n/use-line-label';

/**
 * The booking summary's price, line by line by the server's own rules (docs/product.md §7): service,
 * service fee, HST and the total. The Secure Payment step shows the server's lines again, which are final.
 */
export function PriceBreakdown({
  priceCents,
  provider,
}: {
  priceCents: number;
  provider: { hstRegistered: boolean; categoryTaxExempt: boolean };
}) {
  const t = useT('ui');
  const format = useFormat();
  const lineLabel = useLineLabel();
  const { lines, totalCents } = priceLines({
    servicePriceCents: priceCents,
    partnerHstRegistered: chargesHstOnService(provider),
    categoryExempt: false,
  });
  return (
    <dl className="grid gap-1.5 text-sm">
      {lines.map((line) => (
        <div key={line.kind} className="flex justify-between">
          <dt className="text-muted">{lineLabel(line)}</dt>
          <dd className="tabular-nums">{format.money(line.amount)}</dd>
        </div>
      ))}
      <div className="flex justify-between border-t border-line pt-2 text-base font-bold">
        <dt>{t('line.total')}</dt>
        <dd className="tabular-nums">{format.money(totalCents)}</dd>
      </div>
    </dl>
  );
}
