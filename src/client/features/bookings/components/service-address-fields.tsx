import type { BookingDetailsForm } from '@shared/contract/bookings';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useT } from '@/lib/i18n/i18n';

/** Where the professional comes: street, unit, city and postal code in Ontario, and how to get in. */
export function ServiceAddressFields({ form }: { form: UseFormReturn<BookingDetailsForm> }) {
  const t = useT('booking');
  const errors = form.formState.errors.address;
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-1 font-semibold text-ink">{t('address.legend')}</legend>
      <p className="-mt-2 text-sm text-muted">{t('address.hint')}</p>
      <div className="grid gap-4 sm:grid-cols-[3fr_1fr]">
        <FormField label={t('address.street')} error={errors?.street?.message}>
          <Input autoComplete="address-line1" required {...form.register('address.street')} />
        </FormField>
        <FormField label={t('address.unit')} error={errors?.unit?.message}>
          <Input autoComplete="address-line2" {...form.register('address.unit')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('address.city')} error={errors?.city?.message}>
          <Input autoComplete="address-level2" required {...form.register('address.city')} />
        </FormField>
        <FormField label={t('address.postalCode')} error={errors?.postalCode?.message}>
          <Input
            autoComplete="postal-code"
            required
            placeholder="M5H 2N2"
            {...form.register('address.postalCode')}
          />
        </FormField>
      </div>
      <FormField label={t('address.accessNotes')} error={errors?.accessNotes?.message}>
        <Textarea
          className="min-h-16"
          maxLength={500}
          placeholder={t('address.accessPlaceholder')}
          {...form.register('address.accessNotes')}
        />
      </FormField>
    </fieldset>
  );
}
