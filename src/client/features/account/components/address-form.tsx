import type { User } from '@shared/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useUpdateAddress } from '../api/update-address';
import { type AddressFormValues, addressFormSchema } from '../lib/form-schemas';
import { formatPostalCodeInput } from '../lib/postal-code';
import { provinceCodeOf } from '../lib/province';
import { ProvinceSelect } from './province-select';

/** Street, city, province (codes with full names) and postal code (upper-cased as typed). */
export function AddressForm({
  user,
  variant,
  onSaved,
  onCancel,
}: {
  user: User;
  variant: 'page' | 'settings';
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const updateAddress = useUpdateAddress();
  const form = useForm<AddressFormValues>({
    resolver: zodResolver(addressFormSchema),
    defaultValues: {
      street: user.street ?? '',
      city: user.city ?? '',
      province: provinceCodeOf(user.province, 'ON'),
      postalCode: user.postalCode ?? '',
    },
  });
  const { errors } = form.formState;
  const isSettings = variant === 'settings';
  const postalCode = form.register('postalCode');

  const onSubmit = form.handleSubmit((values) =>
    updateAddress.mutate(values, {
      onSuccess: (saved) => {
        form.reset({
          street: saved.street ?? '',
          city: saved.city ?? '',
          province: provinceCodeOf(saved.province, 'ON'),
          postalCode: saved.postalCode ?? '',
        });
        if (isSettings) showToast('success', 'Address updated!');
        else
          showToast('success', 'Address updated successfully!', {
            description: 'Your address has been saved.',
          });
        onSaved?.();
      },
      onError: (error) => {
        const description = errorMessage(error, 'Please try again.');
        showToast('error', isSettings ? 'Address update failed' : 'Failed to update address', {
          description,
        });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Address Information">
      <FormError
        message={updateAddress.isError ? errorMessage(updateAddress.error, 'Failed to update address') : null}
      />
      <FormField label="Street Address" error={errors.street?.message}>
        <Input autoComplete="street-address" placeholder="123 Main Street" {...form.register('street')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="City" error={errors.city?.message}>
          <Input autoComplete="address-level2" placeholder="Toronto" {...form.register('city')} />
        </FormField>
        <FormField label="Province" error={errors.province?.message}>
          <ProvinceSelect autoComplete="address-level1" {...form.register('province')} />
        </FormField>
      </div>
      <FormField label="Postal Code" error={errors.postalCode?.message} hint="Format: A1A 1A1">
        <Input
          autoComplete="postal-code"
          autoCapitalize="characters"
          placeholder="M5V 3A8"
          maxLength={7}
          {...postalCode}
          onChange={(event) => {
            event.target.value = formatPostalCodeInput(event.target.value);
            void postalCode.onChange(event);
          }}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={updateAddress.isPending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={updateAddress.isPending}>
          {isSettings
            ? updateAddress.isPending
              ? 'Updating...'
              : 'Update Address'
            : updateAddress.isPending
              ? 'Saving...'
              : 'Save Address'}
        </Button>
      </div>
    </form>
  );
}
