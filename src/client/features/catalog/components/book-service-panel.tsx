import type { Provider } from '@shared/contract/catalog';
import { formatDollars } from '@shared/domain/money';
import { CalendarCheckIcon, ShieldCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { useStartBooking } from '@/features/bookings/lib/use-start-booking';
import { serviceOptions } from '../lib/service-options';

/** Choose a service and go on to scheduling and payment (the booking issue completes that flow). */
export function BookServicePanel({ provider }: { provider: Provider }) {
  const options = serviceOptions(provider);
  // Start on the cheapest, the "from" price the listing showed.
  const cheapest = options.reduce<(typeof options)[number] | undefined>(
    (best, option) => (!best || option.price < best.price ? option : best),
    undefined,
  );
  const [selected, setSelected] = useState(cheapest?.key ?? '');
  const startBooking = useStartBooking();
  const selectId = useId();
  const service = options.find((option) => option.key === selected) ?? options[0];

  return (
    <section
      aria-labelledby="book-this-service"
      className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-sm lg:sticky lg:top-24"
    >
      <h2 id="book-this-service" className="text-lg font-semibold text-ink">
        Book This Service
      </h2>
      <div className="mt-4 grid gap-2">
        <label htmlFor={selectId} className="text-sm font-semibold text-ink">
          Service
        </label>
        <NativeSelect id={selectId} value={selected} onChange={(event) => setSelected(event.target.value)}>
          {options.map((option) => (
            <option key={option.key} value={option.key}>
              {option.name} ({formatDollars(option.price)})
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="mt-4 flex items-baseline justify-between border-t border-line pt-4">
        <span className="text-sm text-muted">Price</span>
        <span className="text-2xl font-bold text-ink">{service ? formatDollars(service.price) : '—'}</span>
      </div>
      <p className="mt-1 text-right text-xs text-muted">
        A 3% platform fee is added at checkout. Prices in CAD.
      </p>
      <Button
        variant="accent"
        size="lg"
        className="mt-4 w-full"
        disabled={!service}
        onClick={() =>
          service &&
          startBooking({
            providerId: provider.id,
            providerName: provider.name,
            service: service.name,
            price: formatDollars(service.price),
            location: provider.location,
          })
        }
      >
        <CalendarCheckIcon aria-hidden="true" />
        Book This Service
      </Button>
      <p className="mt-3 flex items-center gap-2 text-xs text-muted">
        <ShieldCheckIcon className="size-4 text-primary-700" aria-hidden="true" />
        Secure card payment. You pick the date and time next.
      </p>
    </section>
  );
}
