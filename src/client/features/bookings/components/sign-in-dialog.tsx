import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { useLogin } from '@/features/auth/mutations';
import { useRegister } from '@/features/auth/mutations';
import { isApiError } from '@/lib/api-client';
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
  const id = useId();
  const [mode, setMode] = useState<Mode>('login');
  const [fields, setFields] = useState({ fullName: '', email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const register = useRegister();
  const busy = login.isPending || register.isPending;
  const ready =
    fields.email.trim() !== '' &&
    fields.password !== '' &&
    (mode === 'login' || fields.fullName.trim() !== '');

  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [name]: event.target.value }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    try {
      if (mode === 'login') {
        await login.mutateAsync({ email: fields.email.trim(), password: fields.password });
        notify('success', "Welcome back! You're now signed in and ready to book.");
      } else {
        await register.mutateAsync({
          email: fields.email.trim(),
          password: fields.password,
          fullName: fields.fullName.trim(),
        });
        notify('success', 'Account created!', 'Welcome to Trillium. You can now complete your booking.');
      }
      setFields({ fullName: '', email: '', password: '' });
      onOpenChange(false);
    } catch (failure) {
      const message =
        isApiError(failure) && failure.serverMessage
          ? failure.serverMessage
          : mode === 'login'
            ? 'Please check your email and password'
            : 'Please check your information and try again';
      setError(message);
      notify('error', mode === 'login' ? 'Login Failed' : 'Registration Failed', message);
    }
  };

  const toggle = () => {
    setMode((current) => (current === 'login' ? 'register' : 'login'));
    setError(null);
  };

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
        <form noValidate onSubmit={submit} className="grid gap-4">
          {mode === 'register' ? (
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-name`}>Full Name</Label>
              <Input
                id={`${id}-name`}
                autoComplete="name"
                value={fields.fullName}
                onChange={set('fullName')}
              />
            </div>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              value={fields.email}
              onChange={set('email')}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-password`}>Password</Label>
            <PasswordInput
              id={`${id}-password`}
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              value={fields.password}
              onChange={set('password')}
            />
          </div>
          <FormError message={error} />
          <Button type="submit" size="lg" disabled={!ready || busy}>
            {busy
              ? mode === 'login'
                ? 'Signing In...'
                : 'Creating Account...'
              : mode === 'login'
                ? 'Sign In'
                : 'Create Account'}
          </Button>
          <p className="text-center text-sm text-muted">
            {mode === 'login' ? "Don't have an account?" : 'Already have an account?'}{' '}
            <Button variant="link" className="px-1" onClick={toggle}>
              {mode === 'login' ? 'Create one' : 'Sign in'}
            </Button>
          </p>
        </form>
      </DialogContent>
    </Dialog>
  );
}
