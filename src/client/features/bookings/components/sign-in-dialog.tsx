import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginBody, loginBodySchema, type QuickSignUp, quickSignUpSchema } from '@shared/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useLogin, useRegister } from '@/features/auth/mutations';
import { PasswordRules } from '@/features/auth/password';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useT } from '@/lib/i18n/i18n';

type Mode = 'login' | 'register';

/** Sign in or create an account without leaving the booking (spec: Sign In to Continue). */
export function SignInDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT('booking');
  const [mode, setMode] = useState<Mode>('login');
  const done = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={mode === 'login' ? t('signIn.title') : t('signIn.createTitle')}
        description={mode === 'login' ? t('signIn.description') : t('signIn.createDescription')}
      >
        {mode === 'login' ? <LoginStep onDone={done} /> : <RegisterStep onDone={done} />}
        <p className="text-center text-sm text-muted">
          {mode === 'login' ? t('signIn.noAccount') : t('signIn.haveAccount')}{' '}
          <Button
            variant="link"
            className="px-1"
            onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
          >
            {mode === 'login' ? t('signIn.createOne') : t('signIn.signIn')}
          </Button>
        </p>
      </DialogContent>
    </Dialog>
  );
}

function LoginStep({ onDone }: { onDone: () => void }) {
  const t = useT('booking');
  const login = useLogin();
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  // The spec: the action stays disabled until the required fields are filled.
  const [email, password] = form.watch(['email', 'password']);
  const ready = email.trim() !== '' && password !== '';
  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => {
        notify('success', t('signIn.welcomeBack'));
        onDone();
      },
      onError: (error) =>
        notify('error', t('signIn.loginFailed'), errorMessage(error, t('signIn.checkCredentials'))),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('signIn.signInLabel')}>
      <FormError message={login.isError ? errorMessage(login.error, t('signIn.checkCredentials')) : null} />
      <FormField label={t('details.email')} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label={t('signIn.password')} error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" disabled={!ready || login.isPending}>
        {login.isPending ? t('signIn.signingIn') : t('signIn.submit')}
      </Button>
    </form>
  );
}

function RegisterStep({ onDone }: { onDone: () => void }) {
  const t = useT('booking');
  const register = useRegister();
  const form = useForm<QuickSignUp>({
    resolver: zodResolver(quickSignUpSchema),
    defaultValues: { fullName: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const [fullName, email, password] = form.watch(['fullName', 'email', 'password']);
  const ready = fullName.trim() !== '' && email.trim() !== '' && password !== '';
  const onSubmit = form.handleSubmit((values) =>
    register.mutate(values, {
      onSuccess: () => {
        notify('success', t('signIn.created'), t('signIn.createdText'));
        onDone();
      },
      onError: (error) =>
        notify('error', t('signIn.registerFailed'), errorMessage(error, t('signIn.checkInfo'))),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('signIn.createLabel')}>
      <FormError message={register.isError ? errorMessage(register.error, t('signIn.checkInfo')) : null} />
      <FormField label={t('signIn.fullName')} error={errors.fullName?.message}>
        <Input autoComplete="name" {...form.register('fullName')} />
      </FormField>
      <FormField label={t('details.email')} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label={t('signIn.password')} error={errors.password?.message} hint={<PasswordRules />}>
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" disabled={!ready || register.isPending}>
        {register.isPending ? t('signIn.creating') : t('signIn.create')}
      </Button>
    </form>
  );
}
