import type { User } from '@shared/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useCancelEmailChange, usePendingEmailChange } from '../api/email-change';
import { useUpdateProfile } from '../api/update-profile';
import { type ProfileFormValues, profileFormSchema, profileSettingsFormSchema } from '../lib/form-schemas';
import { provinceCodeOf } from '../lib/province';
import { EmailChangeDialog } from './email-change-dialog';
import { ProvinceSelect } from './province-select';
import { useT } from '@/lib/i18n/i18n';

/**
 * The profile form. `page` (/edit-profile): full name, e-mail, optional phone, Cancel and Save Changes.
 * The e-mail is changed through its own dialog (password and a link to the new address), never here.
 * `settings` (/settings, Personal Information): adds city and province; the province must be the one
 * of the saved postal code (the address form below changes both together).
 */
export function ProfileForm({
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
  const updateProfile = useUpdateProfile();
  const t = useT('account');
  const pending = usePendingEmailChange();
  const cancelChange = useCancelEmailChange();
  const [changingEmail, setChangingEmail] = useState(false);
  const isSettings = variant === 'settings';
  // On settings the province must stay where the saved postal code is, as the server checks.
  const schema = useMemo(
    () => (isSettings ? profileSettingsFormSchema(user.postalCode) : profileFormSchema),
    [isSettings, user.postalCode],
  );
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      fullName: user.fullName,
      email: user.email,
      phone: user.phone ?? '',
      city: user.city ?? '',
      province: provinceCodeOf(user.province, ''),
    },
  });
  const { errors } = form.formState;

  // The address form on the same screen also saves city and province: show what it saved.
  useEffect(() => {
    form.resetField('city', { defaultValue: user.city ?? '' });
    form.resetField('province', { defaultValue: provinceCodeOf(user.province, '') });
  }, [form, user.city, user.province]);

  const onSubmit = form.handleSubmit((values) => {
    // The edit-profile page leaves city and province as they are (absent: unchanged).
    const body = isSettings
      ? values
      : { fullName: values.fullName, email: values.email, phone: values.phone };
    updateProfile.mutate(body, {
      onSuccess: () => {
        if (isSettings) showToast('success', t('profileForm.updated'));
        else showToast('success', t('profileForm.updatedPage'), { description: t('profileForm.saved') });
        onSaved?.();
      },
      onError: (error) => {
        showToast('error', isSettings ? t('common.updateFailed') : t('profileForm.failedPage'), {
          description: errorMessage(error, t('common.tryAgain')),
        });
      },
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label={isSettings ? t('profileForm.personal') : t('profileForm.edit')}
    >
      <FormError
        message={
          updateProfile.isError ? errorMessage(updateProfile.error, t('profileForm.failedPage')) : null
        }
      />
      <FormField label={t('profileForm.fullName')} error={errors.fullName?.message}>
        <Input autoComplete="name" {...form.register('fullName')} />
      </FormField>
      <FormField
        label={isSettings ? t('profileForm.emailAddress') : t('profileForm.email')}
        error={errors.email?.message}
        hint={
          pending.data?.pendingEmail ? (
            <>
              {t('profileForm.waiting', { email: pending.data.pendingEmail })}{' '}
              <button
                type="button"
                className="font-medium text-primary-700 underline underline-offset-2"
                onClick={() => cancelChange.mutate()}
                disabled={cancelChange.isPending}
              >
                {t('profileForm.cancelChange')}
              </button>
            </>
          ) : (
            t('profileForm.emailHint')
          )
        }
      >
        <Input type="email" autoComplete="email" readOnly {...form.register('email')} />
      </FormField>
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => setChangingEmail(true)}
      >
        {t('profileForm.changeEmail')}
      </Button>
      <EmailChangeDialog currentEmail={user.email} open={changingEmail} onOpenChange={setChangingEmail} />
      <FormField
        label={isSettings ? t('profileForm.phoneNumber') : t('profileForm.phoneOptional')}
        error={errors.phone?.message}
      >
        <Input type="tel" autoComplete="tel" inputMode="tel" {...form.register('phone')} />
      </FormField>
      {isSettings ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('profileForm.city')} error={errors.city?.message}>
            <Input autoComplete="address-level2" {...form.register('city')} />
          </FormField>
          <FormField label={t('profileForm.province')} error={errors.province?.message}>
            <ProvinceSelect autoComplete="address-level1" {...form.register('province')} />
          </FormField>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={updateProfile.isPending}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={updateProfile.isPending}>
          {updateProfile.isPending ? t('common.saving') : t('profileForm.save')}
        </Button>
      </div>
    </form>
  );
}
