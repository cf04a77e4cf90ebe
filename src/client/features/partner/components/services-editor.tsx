import { zodResolver } from '@hookform/resolvers/zod';
import type { PartnerListing } from '@shared/contract/partner';
import { partnerServicesFormSchema } from '@shared/contract/partner-forms';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useUpdatePartnerServices } from '../api/update-partner-services';
import { emptyServiceRow, toServiceRows } from '../lib/services-form';
import { useT, useValidationText } from '@/lib/i18n/i18n';

type ServicesForm = z.input<typeof partnerServicesFormSchema>;
type ServicesBody = z.output<typeof partnerServicesFormSchema>;

/** The listing's services: name, price, description, duration and place per row; add, remove, Save. */
export function ServicesEditor({ listing }: { listing: PartnerListing }) {
  const t = useT('partner');
  const validationText = useValidationText();
  const save = useUpdatePartnerServices();
  const form = useForm<ServicesForm, unknown, ServicesBody>({
    resolver: zodResolver(partnerServicesFormSchema),
    defaultValues: { services: toServiceRows(listing.services, listing.categoryDeliveredAt) },
  });
  const rows = useFieldArray({ control: form.control, name: 'services' });
  const { errors } = form.formState;
  // A rule about the whole list (different names, at least one): shown above the rows.
  const listError = errors.services?.root?.message ?? errors.services?.message;

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (updated) => {
        form.reset({ services: toServiceRows(updated.services, updated.categoryDeliveredAt) });
        notify('success', t('services.saved'), t('services.savedText'));
      },
      onError: (error) => notify('error', t('toast.saveFailed'), errorMessage(error, t('toast.tryAgain'))),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('services.formLabel')} className="grid gap-4">
      <FormError message={listError ? validationText(listError) : null} />
      <FormError message={save.isError ? errorMessage(save.error, t('toast.tryAgain')) : null} />
      <ol className="grid gap-4">
        {rows.fields.map((row, index) => {
          const rowErrors = errors.services?.[index];
          return (
            <li key={row.id} className="grid gap-3 rounded-xl border border-line bg-canvas p-4">
              <div className="flex items-center justify-between gap-2">
                <h4 className="text-sm font-semibold text-ink">
                  {t('services.service', { number: index + 1 })}
                </h4>
                {rows.fields.length > 1 ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-danger hover:bg-danger-soft"
                    onClick={() => rows.remove(index)}
                  >
                    <Trash2Icon aria-hidden="true" />
                    {t('remove')}
                    <span className="sr-only"> {t('services.serviceNumber', { number: index + 1 })}</span>
                  </Button>
                ) : null}
              </div>
              <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
                <FormField label={t('services.name')} error={rowErrors?.name?.message}>
                  <Input {...form.register(`services.${index}.name`)} />
                </FormField>
                <FormField label={t('services.price')} error={rowErrors?.price?.message}>
                  <Input inputMode="decimal" {...form.register(`services.${index}.price`)} />
                </FormField>
                <FormField label={t('services.description')} error={rowErrors?.description?.message}>
                  <Input {...form.register(`services.${index}.description`)} />
                </FormField>
                <FormField label={t('services.duration')} error={rowErrors?.durationMinutes?.message}>
                  <Input inputMode="numeric" {...form.register(`services.${index}.durationMinutes`)} />
                </FormField>
                <FormField label={t('services.where')} error={rowErrors?.deliveredAt?.message}>
                  <NativeSelect {...form.register(`services.${index}.deliveredAt`)}>
                    <option value="customer">{t('services.atCustomer')}</option>
                    <option value="provider">{t('services.atProvider')}</option>
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
          onClick={() => rows.append(emptyServiceRow(listing.categoryDeliveredAt))}
          disabled={rows.fields.length >= 30}
        >
          <PlusIcon aria-hidden="true" />
          {t('services.add')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('services.save')}
        </Button>
      </div>
    </form>
  );
}
