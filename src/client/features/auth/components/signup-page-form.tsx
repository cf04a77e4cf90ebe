import type { User } from '@shared/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useRegister } from '../api/register';
import { errorMessage } from '../lib/errors';
import { type SignupPageValues, signupPageSchema } from '../lib/form-schemas';
import { authToasts } from '../lib/toasts';
import { PasswordRules } from './password-rules';

/** Sign Up on /auth: full name, e-mail, password and its confirmation (confirmation is not sent). */
export function SignupPageForm({ onSuccess }: { onSuccess?: (user: User) => void }) {
  const register = useRegister();
  const form = useForm<SignupPageValues>({
    resolver: zodResolver(signupPageSchema),
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ fullName, email, password }) =>
    register.mutate(
      { fullName, email, password },
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
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint={<PasswordRules />}>
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" size="lg" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
