import type { PartnerListing } from '@shared/contract/partner';
import type { DeliveryPlace } from '@shared/domain/delivery';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useUpdatePartnerServices } from '../api/update-partner-services';
import { checkServiceRows, emptyServiceRow, type ServiceRow, toServiceRows } from '../lib/services-form';

/** The listing's services: name, price, description and duration per row; add, remove, Save. */
export function ServicesEditor({ listing }: { listing: PartnerListing }) {
  const save = useUpdatePartnerServices();
  const [rows, setRows] = useState<ServiceRow[]>(() =>
    toServiceRows(listing.services, listing.categoryDeliveredAt),
  );
  const [problems, setProblems] = useState<ReturnType<typeof checkServiceRows> | null>(null);
  const rowErrors = problems && !problems.ok ? problems.rowErrors : new Map();

  const edit = (key: string, change: Partial<ServiceRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkServiceRows(rows);
    setProblems(check);
    if (!check.ok) return;
    save.mutate(check.body, {
      onSuccess: (updated) => {
        setRows(toServiceRows(updated.services, updated.categoryDeliveredAt));
        setProblems(null);
        notify('success', 'Services saved', 'Customers see your new services and prices now.');
      },
      onError: (error) => notify('error', 'Save failed', errorMessage(error, 'Please try again.')),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Services" className="grid gap-4">
      <FormError message={problems && !problems.ok ? problems.formError : null} />
      <FormError message={save.isError ? errorMessage(save.error, 'Please try again.') : null} />
      <ol className="grid gap-4">
        {rows.map((row, index) => {
          const errors = rowErrors.get(index) ?? {};
          return (
            <li key={row.key} className="grid gap-3 rounded-xl border border-line bg-canvas p-4">
              <div className="flex items-center justify-between gap-2">
                <h4 className="text-sm font-semibold text-ink">Service {index + 1}</h4>
                {rows.length > 1 ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-danger hover:bg-danger-soft"
                    onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                  >
                    <Trash2Icon aria-hidden="true" />
                    Remove<span className="sr-only"> service {index + 1}</span>
                  </Button>
                ) : null}
              </div>
              <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
                <FormField label="Service Name" error={errors.name}>
                  <Input value={row.name} onChange={(e) => edit(row.key, { name: e.target.value })} />
                </FormField>
                <FormField label="Price (CAD)" error={errors.price}>
                  <Input
                    inputMode="decimal"
                    value={row.price}
                    onChange={(e) => edit(row.key, { price: e.target.value })}
                  />
                </FormField>
                <FormField label="Description (optional)" error={errors.description}>
                  <Input
                    value={row.description}
                    onChange={(e) => edit(row.key, { description: e.target.value })}
                  />
                </FormField>
                <FormField label="Duration in minutes (optional)" error={errors.durationMinutes}>
                  <Input
                    inputMode="numeric"
                    value={row.durationMinutes}
                    onChange={(e) => edit(row.key, { durationMinutes: e.target.value })}
                  />
                </FormField>
                <FormField label="Where it happens">
                  <NativeSelect
                    value={row.deliveredAt}
                    onChange={(e) => edit(row.key, { deliveredAt: e.target.value as DeliveryPlace })}
                  >
                    <option value="customer">At the customer's address</option>
                    <option value="provider">At my place of business</option>
                  </NativeSelect>
                </FormField>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        <Button
          variant="outline"
          onClick={() => setRows((current) => [...current, emptyServiceRow(listing.categoryDeliveredAt)])}
          disabled={rows.length >= 30}
        >
          <PlusIcon aria-hidden="true" />
          Add Service
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Services'}
        </Button>
      </div>
    </form>
  );
}
