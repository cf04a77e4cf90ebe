import type { ProviderService } from '@shared/contract/catalog';
import type { DeliveryPlace } from '@shared/domain/delivery';
import { partnerServicesBodySchema } from '@shared/contract/partner';
import type { z } from 'zod';

/** A services editor row: text as typed. */
export type ServiceRow = {
  key: string;
  /** The saved service's id (its bookings stay linked to it); null for a new row. */
  id: number | null;
  name: string;
  price: string;
  description: string;
  durationMinutes: string;
  deliveredAt: DeliveryPlace;
};

let counter = 0;
export const newRowKey = () => `row-${++counter}`;

/** A new row happens where the listing's category usually does. */
export function emptyServiceRow(deliveredAt: DeliveryPlace = 'provider'): ServiceRow {
  return {
    key: newRowKey(),
    id: null,
    name: '',
    price: '',
    description: '',
    durationMinutes: '',
    deliveredAt,
  };
}

export function toServiceRows(
  services: readonly ProviderService[],
  categoryDeliveredAt: DeliveryPlace = 'provider',
): ServiceRow[] {
  if (services.length === 0) return [emptyServiceRow(categoryDeliveredAt)];
  return services.map((s) => ({
    key: newRowKey(),
    id: s.id,
    deliveredAt: s.deliveredAt,
    name: s.name,
    price: s.price.toFixed(2),
    description: s.description ?? '',
    durationMinutes: s.durationMinutes === null ? '' : String(s.durationMinutes),
  }));
}

export type ServicesCheck =
  | { ok: true; body: z.output<typeof partnerServicesBodySchema> }
  | {
      ok: false;
      rowErrors: Map<number, Partial<Record<'name' | 'price' | 'description' | 'durationMinutes', string>>>;
      formError: string | null;
    };

/** Checks the rows with the body schema; a blank duration is none, a typed `$` or `,` in a price is fine. */
export function checkServiceRows(rows: readonly ServiceRow[]): ServicesCheck {
  const services = rows.map((row) => ({
    id: row.id,
    deliveredAt: row.deliveredAt,
    name: row.name,
    price: row.price.replace(/[$,\s]/g, '') === '' ? undefined : row.price.replace(/[$,\s]/g, ''),
    description: row.description,
    durationMinutes: row.durationMinutes.trim() === '' ? null : row.durationMinutes.trim(),
  }));
  const parsed = partnerServicesBodySchema.safeParse({ services });
  if (parsed.success) return { ok: true, body: parsed.data };
  const rowErrors: Map<
    number,
    Partial<Record<'name' | 'price' | 'description' | 'durationMinutes', string>>
  > = new Map();
  let formError: string | null = null;
  for (const issue of parsed.error.issues) {
    const [, index, field] = issue.path;
    if (typeof index === 'number' && typeof field === 'string') {
      const current = rowErrors.get(index) ?? {};
      const key = field as 'name' | 'price' | 'description' | 'durationMinutes';
      if (!current[key]) current[key] = issue.message;
      rowErrors.set(index, current);
    } else formError ??= issue.message;
  }
  return { ok: false, rowErrors, formError };
}
