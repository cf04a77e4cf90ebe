import { formatCents, priceWithFee } from '@shared/domain/money';

/** Service price, the 3% platform fee and the total (the server's amounts are shown again at payment). */
export function PriceBreakdown({ priceCents }: { priceCents: number }) {
  const amounts = priceWithFee(priceCents);
  return (
    <dl className="grid gap-1.5 text-sm">
      <div className="flex justify-between">
        <dt className="text-muted">Service price</dt>
        <dd className="tabular-nums">{formatCents(amounts.priceCents)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted">Platform fee (3%)</dt>
        <dd className="tabular-nums">{formatCents(amounts.feeCents)}</dd>
      </div>
      <div className="flex justify-between border-t border-line pt-2 text-base font-bold">
        <dt>Total</dt>
        <dd className="tabular-nums">{formatCents(amounts.totalCents)}</dd>
      </div>
    </dl>
  );
}
