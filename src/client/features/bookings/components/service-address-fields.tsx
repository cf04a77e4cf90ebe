import type { BookingDetailsForm } from '@shared/contract/bookings';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

/** Where the professional comes: street, unit, city and postal code in Ontario, and how to get in. */
export function ServiceAddressFields({ form }: { form: UseFormReturn<BookingDetailsForm> }) {
  const errors = form.formState.errors.address;
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-1 font-semibold text-ink">Service address</legend>
      <p className="-mt-2 text-sm text-muted">The professional comes to this address in Ontario.</p>
      <div className="grid gap-4 sm:grid-cols-[3fr_1fr]">
        <FormField label="Street address" error={errors?.street?.message}>
          <Input autoComplete="address-line1" required {...form.register('address.street')} />
        </FormField>
        <FormField label="Unit (optional)" error={errors?.unit?.message}>
          <Input autoComplete="address-line2" {...form.register('address.unit')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="City" error={errors?.city?.message}>
          <Input autoComplete="address-level2" required {...form.register('address.city')} />
        </FormField>
        <FormField label="Postal code" error={errors?.postalCode?.message}>
          <Input
            autoComplete="postal-code"
            required
            placeholder="M5H 2N2"
            {...form.register('address.postalCode')}
          />
        </FormField>
      </div>
      <FormField label="Access notes (optional)" error={errors?.accessNotes?.message}>
        <Textarea
          className="min-h-16"
          maxLength={500}
          placeholder="Buzzer, parking, pets"
          {...form.register('address.accessNotes')}
        />
      </FormField>
    </fieldset>
  );
}
