import type { User } from '@shared/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { useRegister } from '../api/register';
import { errorMessage } from '../lib/errors';
import { type SignupModalValues, signupModalSchema } from '../lib/form-schemas';
import { authToasts } from '../lib/toasts';
import { PasswordRules } from './password-rules';

/** Sign Up in the header modal: full name, optional username, e-mail, optional phone, password, terms. */
export function SignupModalForm({ onSuccess }: { onSuccess?: (user: User) => void }) {
  const register = useRegister();
  const form = useForm<SignupModalValues>({
    resolver: zodResolver(signupModalSchema),
    defaultValues: {
      fullName: '',
      username: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
      terms: false,
      remember: false,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ fullName, username, email, phone, password, remember }) =>
    register.mutate(
      {
        fullName,
        email,
        password,
        remember,
        ...(username ? { username } : {}),
        ...(phone ? { phone } : {}),
      },
      {
        onSuccess: (user) => {
          authToasts.registerSucceeded(user);
          onSuccess?.(user);
        },
        onError: (error) => authToasts.registerFailed(error),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign Up">
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
      <FormField label="Username (optional)" error={errors.username?.message}>
        <Input autoComplete="username" autoCapitalize="none" {...form.register('username')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label="Phone (optional)" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" inputMode="tel" {...form.register('phone')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint={<PasswordRules />}>
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <div className="grid gap-1">
        <div className="flex min-h-11 items-center gap-3">
          <Controller
            control={form.control}
            name="terms"
            render={({ field }) => (
              <Checkbox
                id="signup-terms"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? 'signup-terms-error' : undefined}
              />
            )}
          />
          <Label htmlFor="signup-terms" className="font-medium">
            I agree to the{' '}
            <Link to="/terms" target="_blank" className="text-primary-700 underline underline-offset-2">
              Terms of Service
            </Link>
          </Label>
        </div>
        {errors.terms ? (
          <p id="signup-terms-error" className="text-sm font-medium text-danger">
            {errors.terms.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
