import { BriefcaseIcon, MapPinIcon, ReceiptIcon, StoreIcon } from 'lucide-react';
import { useT } from '@/lib/i18n/i18n';
import type { BookingDraft } from '../lib/booking-draft';

/** Service, provider, price and location of the booking being made. */
export function BookingSummaryCard({ draft }: { draft: BookingDraft }) {
  const t = useT('booking');
  const ui = useT('ui');
  const rows = [
    { icon: BriefcaseIcon, label: t('details.service'), value: draft.service },
    { icon: StoreIcon, label: t('confirmed.provider'), value: draft.providerName },
    {
      icon: ReceiptIcon,
      label: t('summary.price'),
      value: `${draft.price} ${draft.chargesHst ? ui('price.allInPlusHst') : ui('price.allIn')}`,
    },
    { icon: MapPinIcon, label: t('summary.location'), value: draft.location || t('summary.tbc') },
  ];
  return (
    <section
      aria-labelledby="booking-summary"
      className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs"
    >
      <h2 id="booking-summary" className="text-lg font-semibold text-ink">
        {t('summary.title')}
      </h2>
      <dl className="mt-4 grid gap-3">
        {rows.map(({ icon: Icon, label, value }) => (
          <div key={label} className="flex items-start gap-3">
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
              <dd className="font-medium text-ink">{value}</dd>
            </div>
          </div>
        ))}
      </dl>
    </section>
  );
}
