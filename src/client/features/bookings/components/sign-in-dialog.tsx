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

type Mode = 'login' | 'register';

/** Sign in or create an account without leaving the booking (spec: Sign In to Continue). */
export function SignInDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [mode, setMode] = useState<Mode>('login');
  const done = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={mode === 'login' ? 'Sign In to Continue' : 'Create Your Account'}
        description={
          mode === 'login'
            ? 'Sign in to pay and confirm your booking.'
            : 'Create an account to complete your booking.'
        }
      >
        {mode === 'login' ? <LoginStep onDone={done} /> : <RegisterStep onDone={done} />}
        <p className="text-center text-sm text-muted">
          {mode === 'login' ? "Don't have an account?" : 'Already have an account?'}{' '}
          <Button
            variant="link"
            className="px-1"
            onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
          >
            {mode === 'login' ? 'Create one' : 'Sign in'}
          </Button>
        </p>
      </DialogContent>
    </Dialog>
  );
}

function LoginStep({ onDone }: { onDone: () => void }) {
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
        notify('success', "Welcome back! You're now signed in and ready to book.");
        onDone();
      },
      onError: (error) =>
        notify('error', 'Login Failed', errorMessage(error, 'Please check your email and password')),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign in">
      <FormError
        message={login.isError ? errorMessage(login.error, 'Please check your email and password') : null}
      />
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" disabled={!ready || login.isPending}>
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}

function RegisterStep({ onDone }: { onDone: () => void }) {
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
        notify('success', 'Account created!', 'Welcome to Trillium. You can now complete your booking.');
        onDone();
      },
      onError: (error) =>
        notify(
          'error',
          'Registration Failed',
          errorMessage(error, 'Please check your information and try again'),
        ),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Create your account">
      <FormError
        message={
          register.isError
            ? errorMessage(register.error, 'Please check your information and try again')
            : null
        }
      />
      <FormField label="Full Name" error={errors.fullName?.message}>
        <Input autoComplete="name" {...form.register('fullName')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint={<PasswordRules />}>
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" disabled={!ready || register.isPending}>
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
