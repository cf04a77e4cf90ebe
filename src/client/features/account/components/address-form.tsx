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
import { useT } from '@/lib/i18n/i18n';

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
  const t = useT('account');
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
        if (isSettings) showToast('success', t('address.updated'));
        else showToast('success', t('address.updatedPage'), { description: t('address.saved') });
        onSaved?.();
      },
      onError: (error) => {
        const description = errorMessage(error, t('common.tryAgain'));
        showToast('error', isSettings ? t('address.failed') : t('address.failedPage'), {
          description,
        });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('address.formLabel')}>
      <FormError
        message={updateAddress.isError ? errorMessage(updateAddress.error, t('address.failedPage')) : null}
      />
      <FormField label={t('address.street')} error={errors.street?.message}>
        <Input
          autoComplete="street-address"
          placeholder={t('address.streetPlaceholder')}
          {...form.register('street')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('address.city')} error={errors.city?.message}>
          <Input
            autoComplete="address-level2"
            placeholder={t('address.cityPlaceholder')}
            {...form.register('city')}
          />
        </FormField>
        <FormField label={t('address.province')} error={errors.province?.message}>
          <ProvinceSelect autoComplete="address-level1" {...form.register('province')} />
        </FormField>
      </div>
      <FormField
        label={t('address.postalCode')}
        error={errors.postalCode?.message}
        hint={t('address.postalHint')}
      >
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
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={updateAddress.isPending}>
          {isSettings
            ? updateAddress.isPending
              ? t('address.updating')
              : t('address.update')
            : updateAddress.isPending
              ? t('common.saving')
              : t('address.save')}
        </Button>
      </div>
    </form>
  );
}
