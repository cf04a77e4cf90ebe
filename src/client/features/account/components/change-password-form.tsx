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
        showToast('success', isSettings ? 'Password changed!' : 'Password changed successfully!', {
          description: 'A confirmation email has been sent to your email address.',
        });
        onSaved?.();
      },
      onError: (error) =>
        showToast('error', isSettings ? 'Password change failed' : 'Failed to change password', {
          description: errorMessage(error, 'Please check your current password and try again.'),
        }),
    }),
  );

  const cancel = () => {
    form.reset(EMPTY);
    changePassword.reset();
    onCancel?.();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Change Password">
      <FormError
        message={
          changePassword.isError
            ? errorMessage(changePassword.error, 'Please check your current password and try again.')
            : null
        }
      />
      <FormField label="Current Password" error={errors.currentPassword?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField label="New Password" error={errors.newPassword?.message} hint={<PasswordRules />}>
        <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <FormField label="Confirm New Password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={cancel} disabled={changePassword.isPending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={changePassword.isPending}>
          {isSettings
            ? changePassword.isPending
              ? 'Changing...'
              : 'Update Password'
            : changePassword.isPending
              ? 'Changing...'
              : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}
