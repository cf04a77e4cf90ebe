import type { Provider } from '@shared/contract/catalog';
import { formatDollars } from '@shared/domain/money';
import { useId } from 'react';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type ServiceOption, serviceOptions } from '@/features/catalog';

/** The service being booked: the provider's services, or its Basic / Premium / Deluxe tiers. */
export function ServiceSelect({
  provider,
  value,
  onChange,
}: {
  provider: Provider;
  value: string;
  onChange: (key: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Service</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="" disabled>
          Select a service
        </option>
        {serviceOptions(provider).map((option) => (
          <option key={option.key} value={option.key}>
            {option.name} ({formatDollars(option.allInPrice)})
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

export function findServiceOption(provider: Provider, key: string): ServiceOption | null {
  return serviceOptions(provider).find((option) => option.key === key) ?? null;
}

/** The service's id, or undefined for the Basic / Premium / Deluxe tiers (they last an hour). */
export function serviceIdOf(provider: Provider, option: ServiceOption): number | undefined {
  return provider.services.length > 0 ? Number(option.key) : undefined;
}

/** How the server is told which service: its id, or the tier's name for providers without services. */
export function serviceChoice(provider: Provider, option: ServiceOption) {
  return provider.services.length > 0
    ? { serviceId: Number(option.key), serviceTitle: option.name }
    : { serviceTitle: option.name };
}
