import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordRules } from '@/features/auth/password';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import { type ChangePasswordFormValues, changePasswordFormSchema } from '../lib/form-schemas';
import { useT } from '@/lib/i18n/i18n';

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Current, new and confirm, each with show/hide. `page` (/change-password) and `settings` (Password &
 * Security, "Update Password" / "Changing...") differ only in wording; one policy (docs/product.md §2).
 */
export function ChangePasswordForm({
  variant,
  onSaved,
  onCancel,
}: {
  variant: 'page' | 'settings';
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const changePassword = useChangePassword();
  const t = useT('account');
  const form = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const isSettings = variant === 'settings';

  const onSubmit = form.handleSubmit((values) =>
    changePassword.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        showToast('success', isSettings ? t('password.changed') : t('password.changedPage'), {
          description: t('password.emailSent'),
        });
        onSaved?.();
      },
      onError: (error) =>
        showToast('error', isSettings ? t('password.failed') : t('password.failedPage'), {
          description: errorMessage(error, t('password.checkCurrent')),
        }),
    }),
  );

  const cancel = () => {
    form.reset(EMPTY);
    changePassword.reset();
    onCancel?.();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('password.formLabel')}>
      <FormError
        message={
          changePassword.isError ? errorMessage(changePassword.error, t('password.checkCurrent')) : null
        }
      />
      <FormField label={t('password.current')} error={errors.currentPassword?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField label={t('password.new')} error={errors.newPassword?.message} hint={<PasswordRules />}>
        <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <FormField label={t('password.confirm')} error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={cancel} disabled={changePassword.isPending}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={changePassword.isPending}>
          {changePassword.isPending
            ? t('password.changing')
            : isSettings
              ? t('password.update')
              : t('password.change')}
        </Button>
      </div>
    </form>
  );
}
