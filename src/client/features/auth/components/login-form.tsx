import type { User } from '@shared/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { useLogin } from '../api/login';
import { errorMessage } from '@/lib/errors';
import { type LoginFormValues, loginFormSchema } from '../lib/form-schemas';
import { useAuthToasts } from '../lib/toasts';
import { useT } from '@/lib/i18n/i18n';

/** E-mail and password (plus remember-me in the header modal) and the Forgot password? link. */
export function LoginForm({
  withRemember = false,
  onForgotPassword,
  onSuccess,
}: {
  withRemember?: boolean;
  onForgotPassword: (email: string) => void;
  onSuccess?: (user: User) => void;
}) {
  const t = useT('auth');
  const authToasts = useAuthToasts();
  const login = useLogin();
  const form = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '', remember: false },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (user) => {
        authToasts.loginSucceeded(user);
        onSuccess?.(user);
      },
      onError: (error) => authToasts.loginFailed(error),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('login.formLabel')}>
      <FormError message={login.isError ? errorMessage(login.error, t('toast.checkCredentials')) : null} />
      <FormField label={t('field.email')} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label={t('field.password')} error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {withRemember ? (
          <div className="flex min-h-11 items-center gap-3">
            <Controller
              control={form.control}
              name="remember"
              render={({ field }) => (
                <Checkbox
                  id="login-remember"
                  checked={field.value ?? false}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                />
              )}
            />
            <Label htmlFor="login-remember" className="font-medium">
              {t('login.remember')}
            </Label>
          </div>
        ) : (
          <span />
        )}
        <Button
          variant="link"
          size="sm"
          className="px-0"
          onClick={() => onForgotPassword(form.getValues('email'))}
        >
          {t('login.forgot')}
        </Button>
      </div>
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? t('login.signingIn') : t('login.submit')}
      </Button>
    </form>
  );
}
