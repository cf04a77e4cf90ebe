import type { MoneyLineView } from '@shared/contract/bookings';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { useLineLabel } from '@/lib/i18n/use-line-label';

/**
 * A price line by line as the server computed it (service, discount, service fee, HST) and its total,
 * in CAD: the Secure Payment summary and the booking details read the same component.
 */
export function MoneyLines({
  lines,
  totalCents,
  totalLabel,
}: {
  lines: readonly MoneyLineView[];
  totalCents: number;
  totalLabel?: string;
}) {
  const t = useT('ui');
  const format = useFormat();
  const lineLabel = useLineLabel();
  return (
    <dl className="grid gap-1.5 text-sm" data-testid="money-lines">
      {lines.map((line) => (
        <div key={line.kind} className="flex justify-between gap-3" data-line={line.kind}>
          <dt className="text-muted">{lineLabel(line)}</dt>
          <dd className={`tabular-nums ${line.amount < 0 ? 'font-semibold text-primary-700' : ''}`}>
            {line.amount < 0 ? `−${format.money(-line.amount)}` : format.money(line.amount)}
          </dd>
        </div>
      ))}
      <div className="mt-1 flex justify-between border-t border-line pt-2 text-base font-bold">
        <dt>{totalLabel ?? t('line.total')}</dt>
        <dd className="tabular-nums" data-testid="money-total">
          {format.money(totalCents)} <span className="text-xs font-medium text-muted">CAD</span>
        </dd>
      </div>
    </dl>
  );
}
