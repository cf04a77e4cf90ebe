import type { BookingDetailsForm } from '@shared/contract/bookings';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ServiceAddressFields } from './service-address-fields';
import { useT } from '@/lib/i18n/i18n';

/**
 * The booking details of every booking flow, each field with its own error: name and e-mail (unless
 * the page shows them from the account), phone and notes; for a service at the customer's place the
 * phone is required and the service address is asked too.
 */
export function BookingDetailsFields({
  form,
  contact = true,
}: {
  form: UseFormReturn<BookingDetailsForm>;
  /** Ask for the name and e-mail (the booking page shows the account's instead). */
  contact?: boolean;
}) {
  const t = useT('booking');
  const { errors } = form.formState;
  const deliveredAt = useWatch({ control: form.control, name: 'deliveredAt' });
  const atCustomer = deliveredAt === 'customer';
  return (
    <div className="grid gap-4">
      {contact ? (
        <>
          <FormField label={t('details.fullName')} error={errors.name?.message}>
            <Input autoComplete="name" required {...form.register('name')} />
          </FormField>
          <FormField label={t('details.email')} error={errors.email?.message}>
            <Input type="email" autoComplete="email" inputMode="email" required {...form.register('email')} />
          </FormField>
        </>
      ) : null}
      <FormField
        label={atCustomer ? t('details.phone') : t('details.phoneOptional')}
        error={errors.phone?.message}
      >
        <Input
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required={atCustomer}
          {...form.register('phone')}
        />
      </FormField>
      {atCustomer ? <ServiceAddressFields form={form} /> : null}
      <FormField label={t('details.notes')} error={errors.notes?.message}>
        <Textarea
          className="min-h-20"
          maxLength={1000}
          placeholder={t('details.notesPlaceholder')}
          {...form.register('notes')}
        />
      </FormField>
    </div>
  );
}
