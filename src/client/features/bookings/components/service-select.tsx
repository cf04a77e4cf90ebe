import type { Provider } from '@shared/contract/catalog';
import { useId } from 'react';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type ServiceOption, serviceOptions } from '@/features/catalog';
import { useFormat, useT } from '@/lib/i18n/i18n';

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
  const t = useT('booking');
  const format = useFormat();
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t('details.service')}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="" disabled>
          {t('details.selectService')}
        </option>
        {serviceOptions(provider).map((option) => (
          <option key={option.key} value={option.key}>
            {option.name} ({format.dollars(option.allInPrice)})
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
