import type { AdminPayout } from '@shared/contract/earnings';
import { DownloadIcon, PlayIcon, RotateCcwIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { errorMessage } from '@/lib/errors';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';
import {
  useAdminPayouts,
  useLedgerCheck,
  usePlatformIncome,
  useRetryPayout,
  useRunPayouts,
} from '../api/earnings';
import { DateRangeDownload } from './date-range-download';

const VARIANT = { pending: 'update', paid: 'info', failed: 'important' } as const;

/** The tab's name in the admin dashboard. */
export function PayoutsTabLabel() {
  const t = useT('earnings');
  return <>{t('admin.tab')}</>;
}

function PayoutItem({ payout }: { payout: AdminPayout }) {
  const t = useT('earnings');
  const format = useFormat();
  const retry = useRetryPayout();
  return (
    <li
      className="grid gap-1 rounded-(--radius-card) border border-line bg-surface p-3 shadow-xs"
      data-payout-state={payout.state}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-ink">{payout.providerName}</p>
          <p className="text-xs text-muted">
            {t('admin.payoutLine', {
              amount: format.money(payout.amountCents),
              date: format.shortDate(payout.createdAt),
              count: payout.bookingIds.length,
              attempt: payout.attempt,
            })}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge variant={VARIANT[payout.state]}>{t(`payoutState.${payout.state}`)}</Badge>
          {payout.state === 'failed' ? (
            <Button
              size="sm"
              variant="outline"
              disabled={retry.isPending}
              onClick={() =>
                retry.mutate(payout.id, {
                  onSuccess: (p) =>
                    notify(
                      p.state === 'failed' ? 'error' : 'success',
                      p.state === 'failed' ? t('admin.retryFailed') : t('admin.retried'),
                      p.failureReason ?? format.money(p.amountCents),
                    ),
                  onError: (error) =>
                    notify('error', t('admin.retryFailed'), errorMessage(error, t('error'))),
                })
              }
            >
              <RotateCcwIcon aria-hidden="true" />
              {t('admin.retry')}
            </Button>
          ) : null}
        </div>
      </div>
      {payout.failureReason ? <p className="text-xs text-danger">{payout.failureReason}</p> : null}
    </li>
  );
}

function Income() {
  const t = useT('earnings');
  const format = useFormat();
  const income = usePlatformIncome();
  if (income.isPending) return <Skeleton className="h-24 w-full rounded-(--radius-card)" />;
  if (income.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(income.error, t('error'))}
      </p>
    );
  if (income.data.length === 0) return <p className="text-sm text-muted">{t('admin.noIncome')}</p>;
  return (
    <div className="overflow-x-auto rounded-(--radius-card) border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <thead className="bg-canvas text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('admin.month')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t('admin.fees')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t('admin.hst')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t('admin.promotions')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t('admin.payoutsSent')}
            </th>
          </tr>
        </thead>
        <tbody>
          {income.data.map((m) => (
            <tr key={m.month} className="border-t border-line">
              <th scope="row" className="px-3 py-2 font-mono text-xs font-medium text-ink">
                {m.month}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{format.money(m.feeCents)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{format.money(m.hstCents)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{format.money(m.promotionsCents)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{format.money(m.payoutsCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LedgerExport() {
  const t = useT('earnings');
  const id = useId();
  const check = useLedgerCheck();
  return (
    <section aria-labelledby={`${id}-ledger`} className="grid gap-2">
      <h2 id={`${id}-ledger`} className="text-lg font-semibold text-ink">
        {t('admin.ledger')}
      </h2>
      {check.data ? (
        <p className={check.data.balanced ? 'text-sm text-muted' : 'text-sm text-danger'}>
          {check.data.balanced
            ? t('admin.balanced', { count: check.data.bookingsChecked })
            : t('admin.unbalanced', { ids: check.data.unbalanced.join(', ') })}
        </p>
      ) : null}
      <DateRangeDownload base="/api/admin/ledger.csv" label={t('admin.downloadLedger')} />
    </section>
  );
}

/** The annual seller report for CRA platform reporting (Part XX), one row per seller paid in the year. */
function SellerReport() {
  const t = useT('earnings');
  const id = useId();
  const [year, setYear] = useState(() => String(new Date().getFullYear()));
  return (
    <section aria-labelledby={`${id}-sellers`} className="grid gap-2">
      <h2 id={`${id}-sellers`} className="text-lg font-semibold text-ink">
        {t('admin.sellerReport')}
      </h2>
      <p className="text-sm text-muted">{t('admin.sellerReportWhy')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-year`}>{t('admin.year')}</Label>
          <Input
            id={`${id}-year`}
            inputMode="numeric"
            value={year}
            onChange={(e) => setYear(e.target.value.replace(/\D/g, '').slice(0, 4))}
            className="w-28"
          />
        </div>
        <Button asChild variant="outline">
          <a href={`/api/admin/reports/sellers.csv?year=${year}`} download>
            <DownloadIcon aria-hidden="true" />
            {t('admin.downloadSellerReport')}
          </a>
        </Button>
      </div>
    </section>
  );
}

/** Admins: payouts by state, failed ones with their reason and Retry, income per month, the ledger's CSV. */
export function PayoutsPanel() {
  const t = useT('earnings');
  const format = useFormat();
  const payouts = useAdminPayouts();
  const run = useRunPayouts();
  if (payouts.isPending) {
    return (
      <div role="status" aria-label={t('loading')} className="grid gap-3">
        <Skeleton className="h-24 w-full rounded-(--radius-card)" />
      </div>
    );
  }
  if (payouts.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(payouts.error, t('error'))}
      </p>
    );
  const of = (state: AdminPayout['state']) => payouts.data.filter((p) => p.state === state);
  const failed = of('failed');
  return (
    <div className="grid gap-5">
      <div className="grid grid-cols-3 gap-3">
        <StatCard label={t('payoutState.pending')} value={of('pending').length} />
        <StatCard label={t('payoutState.paid')} value={of('paid').length} />
        <StatCard
          label={t('payoutState.failed')}
          value={failed.length}
          tone={failed.length ? 'danger' : 'neutral'}
        />
      </div>
      <div>
        <Button
          variant="outline"
          disabled={run.isPending}
          onClick={() =>
            run.mutate(undefined, {
              onSuccess: (r) =>
                notify(
                  'success',
                  t('admin.ran'),
                  t('admin.ranDetail', { count: r.created, amount: format.money(r.totalCents) }),
                ),
              onError: (error) => notify('error', t('admin.runFailed'), errorMessage(error, t('error'))),
            })
          }
        >
          <PlayIcon aria-hidden="true" />
          {t('admin.run')}
        </Button>
      </div>
      <section aria-labelledby="payouts-failed" className="grid gap-2">
        <h2 id="payouts-failed" className="text-lg font-semibold text-ink">
          {t('admin.failed')}
        </h2>
        {failed.length === 0 ? (
          <p className="text-sm text-muted">{t('admin.noFailed')}</p>
        ) : (
          <ul className="grid gap-2">
            {failed.map((p) => (
              <PayoutItem key={p.id} payout={p} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="payouts-recent" className="grid gap-2">
        <h2 id="payouts-recent" className="text-lg font-semibold text-ink">
          {t('admin.recent')}
        </h2>
        {payouts.data.length === 0 ? (
          <p className="text-sm text-muted">{t('payouts.none')}</p>
        ) : (
          <ul className="grid gap-2">
            {payouts.data
              .filter((p) => p.state !== 'failed')
              .slice(0, 50)
              .map((p) => (
                <PayoutItem key={p.id} payout={p} />
              ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="payouts-income" className="grid gap-2">
        <h2 id="payouts-income" className="text-lg font-semibold text-ink">
          {t('admin.income')}
        </h2>
        <Income />
      </section>
      <LedgerExport />
      <SellerReport />
    </div>
  );
}
