import { BriefcaseIcon, MapPinIcon, ReceiptIcon, StoreIcon } from 'lucide-react';
import { ALL_IN_HINT, PLUS_HST_HINT } from '@shared/domain/price-lines';
import type { BookingDraft } from '../lib/booking-draft';

/** Service, provider, price and location of the booking being made. */
export function BookingSummaryCard({ draft }: { draft: BookingDraft }) {
  const rows = [
    { icon: BriefcaseIcon, label: 'Service', value: draft.service },
    { icon: StoreIcon, label: 'Provider', value: draft.providerName },
    {
      icon: ReceiptIcon,
      label: 'Price',
      value: `${draft.price} ${draft.chargesHst ? `${ALL_IN_HINT}, ${PLUS_HST_HINT}` : ALL_IN_HINT}`,
    },
    { icon: MapPinIcon, label: 'Location', value: draft.location || 'To be confirmed' },
  ];
  return (
    <section
      aria-labelledby="booking-summary"
      className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs"
    >
      <h2 id="booking-summary" className="text-lg font-semibold text-ink">
        Booking Summary
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
