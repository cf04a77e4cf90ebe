import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { useResetPassword } from '../api/reset-password';
import { errorMessage } from '@/lib/errors';
import { type ResetPasswordValues, resetPasswordFormSchema } from '../lib/form-schemas';
import { PasswordRules } from './password-rules';
import { useT } from '@/lib/i18n/i18n';

/** The new password for the link's e-mail and token (both from the URL). */
export function ResetPasswordForm({
  email,
  token,
  onRequestNewLink,
  onDone,
}: {
  email: string | null;
  token: string | null;
  onRequestNewLink: () => void;
  onDone: () => void;
}) {
  const t = useT('auth');
  const resetPassword = useResetPassword();
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  if (!email || !token) {
    return (
      <div className="grid gap-4">
        <FormError message={t('reset.invalidLink')} />
        <Button variant="outline" size="lg" onClick={onRequestNewLink}>
          {t('reset.newLink')}
        </Button>
      </div>
    );
  }

  if (resetPassword.isSuccess) {
    return (
      <div className="grid gap-4 text-center" role="status">
        <CircleCheckIcon className="mx-auto size-12 text-primary-600" aria-hidden="true" />
        <h2 className="text-xl font-semibold text-ink">{t('reset.done')}</h2>
        <p className="text-muted">{t('reset.doneText')}</p>
        <Button size="lg" onClick={onDone}>
          {t('reset.goToLogin')}
        </Button>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(({ password, confirmPassword }) =>
    resetPassword.mutate({ email, token, password, confirmPassword }),
  );
  const failed = resetPassword.isError;
  const invalidLink =
    failed && (resetPassword.error as { code?: string } | null)?.code === 'auth.invalid_reset_link';

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('tab.reset')}>
      <p className="text-sm text-muted">
        {t('reset.chooseFor')} <span className="font-semibold text-ink">{email}</span>.
      </p>
      <FormError message={failed ? errorMessage(resetPassword.error, t('reset.failed')) : null} />
      {invalidLink ? (
        <Button variant="outline" onClick={onRequestNewLink}>
          {t('reset.newLink')}
        </Button>
      ) : null}
      <FormField label={t('reset.newPassword')} error={errors.password?.message} hint={<PasswordRules />}>
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label={t('reset.confirmNew')} error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" size="lg" disabled={resetPassword.isPending}>
        {resetPassword.isPending ? t('reset.resetting') : t('tab.reset')}
      </Button>
    </form>
  );
}
