import type { EarningBooking, Payout } from '@shared/contract/earnings';
import { CalendarClockIcon, HourglassIcon, LandmarkIcon, WalletIcon } from 'lucide-react';
import { Fragment, useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { errorMessage } from '@/lib/errors';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';
import { DateRangeDownload } from './date-range-download';
import { TaxDetailsSection } from './tax-details-form';
import { usePartnerEarnings, usePartnerPayouts, usePayoutAccount, useStartOnboarding } from '../api/earnings';

const STATE_VARIANT = {
  pending: 'update',
  available: 'verified',
  paid: 'info',
  reversed: 'neutral',
  failed: 'important',
} as const;

/** The tab's name in the partner dashboard. */
export function EarningsTabLabel() {
  const t = useT('earnings');
  return <>{t('tab')}</>;
}

/** The partner's net earnings from the ledger (the dashboard's Revenue): what every booking earned them. */
export function useNetEarnings() {
  const earnings = usePartnerEarnings();
  const cents = (earnings.data?.bookings ?? []).reduce((sum, b) => sum + b.netCents, 0);
  return { cents, loading: earnings.isPending };
}

/** How payouts reach the partner: nothing to do in the sandbox; with Stripe, its onboarding and status. */
function PayoutSetup() {
  const t = useT('earnings');
  const account = usePayoutAccount();
  const start = useStartOnboarding();
  if (!account.data || account.data.processor === 'sandbox') return null;
  const { state, lastPayoutFailure } = account.data;
  return (
    <section
      aria-labelledby="earnings-setup"
      className="grid gap-2 rounded-(--radius-card) border border-line bg-surface p-3"
      data-payout-account={state}
    >
      <h3 id="earnings-setup" className="font-semibold text-ink">
        {t('setup.title')}
      </h3>
      <p className="text-sm text-muted">{t(`setup.${state}`)}</p>
      {lastPayoutFailure ? <p className="text-sm text-danger">{lastPayoutFailure}</p> : null}
      {state !== 'enabled' ? (
        <div>
          <Button
            disabled={start.isPending}
            onClick={() =>
              start.mutate(undefined, {
                onSuccess: ({ url }) => window.location.assign(url),
                onError: (error) => notify('error', t('setup.failed'), errorMessage(error, t('error'))),
              })
            }
          >
            {state === 'not_started' ? t('setup.start') : t('setup.continue')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function CsvExport() {
  const t = useT('earnings');
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-csv`}
      className="grid gap-2 rounded-(--radius-card) border border-line bg-surface p-3"
    >
      <h3 id={`${id}-csv`} className="font-semibold text-ink">
        {t('csv.title')}
      </h3>
      <DateRangeDownload base="/api/partner/earnings.csv" label={t('csv.download')} />
    </section>
  );
}

/** A booking's money columns, in the order of the table's columns and of the phone's cards. */
const AMOUNTS = [
  ['bookings.gross', 'grossCents'],
  ['bookings.fee', 'feeCents'],
  ['bookings.hst', 'hstCents'],
  ['bookings.refunds', 'refundedCents'],
  ['bookings.net', 'netCents'],
] as const;

function BookingState({ booking }: { booking: EarningBooking }) {
  const t = useT('earnings');
  const format = useFormat();
  return (
    <>
      <Badge variant={STATE_VARIANT[booking.state]}>{t(`state.${booking.state}`)}</Badge>
      {booking.state === 'pending' && booking.availableAt ? (
        <span className="mt-1 block text-xs text-muted">
          {t('bookings.availableOn', { date: format.shortDate(booking.availableAt) })}
        </span>
      ) : null}
    </>
  );
}

/**
 * The bookings' earnings: a table from 640 px up; on a phone, where seven columns do not fit, a card
 * each with the same figures, Net last and strongest.
 */
function BookingRows({ bookings }: { bookings: EarningBooking[] }) {
  const t = useT('earnings');
  const format = useFormat();
  if (bookings.length === 0) return <p className="text-sm text-muted">{t('bookings.none')}</p>;
  const what = (b: EarningBooking) => (
    <>
      <span className="block font-mono text-xs font-semibold whitespace-nowrap text-ink">{b.reference}</span>
      <span className="block text-xs text-muted">
        {b.serviceTitle} · {format.shortDate(b.serviceDate)}
      </span>
    </>
  );
  return (
    <>
      <ul className="grid gap-3 sm:hidden">
        {bookings.map((b) => (
          <li
            key={b.bookingId}
            className="rounded-(--radius-card) border border-line bg-surface p-4 text-sm"
            data-booking-reference={b.reference}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">{what(b)}</div>
              <div className="shrink-0 text-right">
                <BookingState booking={b} />
              </div>
            </div>
            <dl className="mt-3 grid gap-1">
              {AMOUNTS.map(([label, field]) => (
                <div
                  key={field}
                  className={cn(
                    'flex justify-between gap-3',
                    field === 'netCents' && 'mt-1 border-t border-line pt-2 font-semibold',
                  )}
                >
                  <dt className={field === 'netCents' ? 'text-ink' : 'text-muted'}>{t(label)}</dt>
                  <dd className="tabular-nums text-ink">{format.money(b[field])}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-(--radius-card) border border-line bg-surface sm:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-canvas text-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('bookings.booking')}
              </th>
              {AMOUNTS.map(([label]) => (
                <th key={label} scope="col" className="px-3 py-2 text-right font-medium">
                  {t(label)}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 font-medium">
                {t('bookings.state')}
              </th>
            </tr>
          </thead>
          <tbody>
            {bookings.map((b) => (
              <tr key={b.bookingId} className="border-t border-line" data-booking-reference={b.reference}>
                <th scope="row" className="px-3 py-2 font-normal">
                  {what(b)}
                </th>
                {AMOUNTS.map(([, field]) => (
                  <td
                    key={field}
                    className={cn(
                      'px-3 py-2 text-right tabular-nums',
                      field === 'netCents' && 'font-semibold',
                    )}
                  >
                    {format.money(b[field])}
                  </td>
                ))}
                <td className="px-3 py-2">
                  <BookingState booking={b} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function PayoutRows({ payouts, references }: { payouts: Payout[]; references: Map<number, string> }) {
  const t = useT('earnings');
  const format = useFormat();
  if (payouts.length === 0) return <p className="text-sm text-muted">{t('payouts.none')}</p>;
  return (
    <ul className="grid gap-2">
      {payouts.map((p) => (
        <li
          key={p.id}
          className="grid gap-1 rounded-(--radius-card) border border-line bg-surface p-3"
          data-payout-state={p.state}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold text-ink tabular-nums">{format.money(p.amountCents)}</span>
            <Badge variant={STATE_VARIANT[p.state]}>{t(`payoutState.${p.state}`)}</Badge>
          </div>
          <p className="text-xs text-muted">
            {p.paidAt
              ? t('payouts.paidOn', { date: format.shortDate(p.paidAt) })
              : t('payouts.createdOn', { date: format.shortDate(p.createdAt) })}
          </p>
          <p className="text-xs text-muted">
            {t('payouts.covers', { count: p.bookingIds.length })}{' '}
            {/* A reference never breaks at its hyphen (TR-…): each keeps to one line. */}
            {p.bookingIds.map((id, index) => (
              <Fragment key={id}>
                {index > 0 ? ', ' : null}
                <span className="whitespace-nowrap">{references.get(id) ?? `#${id}`}</span>
              </Fragment>
            ))}
          </p>
          {p.failureReason ? <p className="text-xs text-danger">{p.failureReason}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** The partner dashboard's Earnings tab: balances, next payout, each booking, payouts and the CSV export. */
export function EarningsTab() {
  const t = useT('earnings');
  const format = useFormat();
  const earnings = usePartnerEarnings();
  const payouts = usePartnerPayouts();
  if (earnings.isPending || payouts.isPending) {
    return (
      <div role="status" aria-label={t('loading')} className="grid gap-3">
        <Skeleton className="h-24 w-full rounded-(--radius-card)" />
        <Skeleton className="h-48 w-full rounded-(--radius-card)" />
      </div>
    );
  }
  if (earnings.isError || payouts.isError) {
    return (
      <div role="alert" className="rounded-lg border border-danger/30 bg-danger-soft p-4 text-sm text-danger">
        {errorMessage(earnings.error ?? payouts.error, t('error'))}
      </div>
    );
  }
  const data = earnings.data;
  const references = new Map(data.bookings.map((b) => [b.bookingId, b.reference]));
  return (
    <div className="grid gap-5">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label={t('available')}
          value={<span data-testid="earnings-available">{format.money(data.availableCents)}</span>}
          icon={WalletIcon}
        />
        <StatCard
          label={t('pending')}
          value={<span data-testid="earnings-pending">{format.money(data.pendingCents)}</span>}
          icon={HourglassIcon}
          tone="accent"
        />
        <StatCard
          label={t('paid')}
          value={<span data-testid="earnings-paid">{format.money(data.paidCents)}</span>}
          icon={LandmarkIcon}
          tone="neutral"
        />
        <StatCard
          label={t('nextPayout')}
          value={format.shortDate(data.nextPayoutDate)}
          icon={CalendarClockIcon}
          tone="neutral"
        />
      </div>
      <p className="text-sm text-muted">{t('rules', { minimum: format.money(data.minimumPayoutCents) })}</p>
      <PayoutSetup />
      <section aria-labelledby="earnings-bookings" className="grid gap-2">
        <h3 id="earnings-bookings" className="text-lg font-semibold text-ink">
          {t('bookings.title')}
        </h3>
        <BookingRows bookings={data.bookings} />
      </section>
      <section aria-labelledby="earnings-payouts" className="grid gap-2">
        <h3 id="earnings-payouts" className="text-lg font-semibold text-ink">
          {t('payouts.title')}
        </h3>
        <PayoutRows payouts={payouts.data} references={references} />
      </section>
      <CsvExport />
      <TaxDetailsSection />
    </div>
  );
}
