import type { Provider } from '@shared/contract/catalog';
import { formatDollars } from '@shared/domain/money';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { chargesHstOnService } from '@shared/domain/price-lines';
import { ClockIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PriceHint } from '@/components/ui/price-hint';
import { useStartBooking } from '@/features/bookings';
import { formatDuration, serviceOptions } from '../lib/service-options';

/** The services a provider offers, each with its price and a Book Now button. */
export function ProviderServices({ provider }: { provider: Provider }) {
  const t = useT('listing');
  const tc = useT('catalog');
  const format = useFormat();
  const startBooking = useStartBooking();
  return (
    <ul className="grid gap-3">
      {serviceOptions(provider).map((service) => (
        <li
          key={service.key}
          className="flex flex-col gap-3 rounded-(--radius-card) border border-line bg-surface p-4 sm:flex-row sm:items-center"
        >
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold text-ink">{service.name}</h3>
            {service.description ? <p className="mt-1 text-sm text-muted">{service.description}</p> : null}
            {service.durationMinutes ? (
              <p className="mt-1 flex items-center gap-1 text-sm text-muted">
                <ClockIcon className="size-4" aria-hidden="true" />
                {formatDuration(service.durationMinutes)}
              </p>
            ) : null}
          </div>
          <div className="flex items-center justify-between gap-4 sm:justify-end">
            <p className="text-right">
              <span className="block text-lg font-bold text-ink">{format.dollars(service.allInPrice)}</span>
              <PriceHint provider={provider} />
            </p>
            <Button
              variant="primary"
              aria-label={t('services.bookAria', { service: service.name })}
              onClick={() =>
                startBooking({
                  providerId: provider.id,
                  providerName: provider.name,
                  service: service.name,
                  serviceId: provider.services.length > 0 ? Number(service.key) : undefined,
                  deliveredAt: service.deliveredAt,
                  price: formatDollars(service.allInPrice, format.locale),
                  priceCents: Math.round(service.price * 100),
                  chargesHst: chargesHstOnService(provider),
                  location: provider.location,
                })
              }
            >
              {tc('card.book')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
