import type { ProviderService } from '@shared/contract/catalog';
import type { DeliveryPlace } from '@shared/domain/delivery';
import type { partnerServicesFormSchema } from '@shared/contract/partner-forms';
import type { z } from 'zod';

/** A services editor row: text as typed (the Services form's values, checked by the contract's form schema). */
export type ServiceRow = z.input<typeof partnerServicesFormSchema>['services'][number];

/** A new row happens where the listing's category usually does. */
export function emptyServiceRow(deliveredAt: DeliveryPlace = 'provider'): ServiceRow {
  return { id: null, name: '', price: '', description: '', durationMinutes: '', deliveredAt };
}

export function toServiceRows(
  services: readonly ProviderService[],
  categoryDeliveredAt: DeliveryPlace = 'provider',
): ServiceRow[] {
  if (services.length === 0) return [emptyServiceRow(categoryDeliveredAt)];
  return services.map((s) => ({
    id: s.id,
    deliveredAt: s.deliveredAt,
    name: s.name,
    price: s.price.toFixed(2),
    description: s.description ?? '',
    durationMinutes: s.durationMinutes === null ? '' : String(s.durationMinutes),
  }));
}
