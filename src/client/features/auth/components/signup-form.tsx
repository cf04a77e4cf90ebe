import type { RegisterBody, User } from '@shared/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps, ReactNode } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  useForm,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useRegister } from '../api/register';
import { errorMessage } from '@/lib/errors';
import { useAuthToasts } from '../lib/toasts';
import { PasswordRules } from './password-rules';
import { useT } from '@/lib/i18n/i18n';

/**
 * What both sign-up forms share (the /auth page's and the header modal's): the form validated by its
 * schema, the server's error above the fields, the submit button, and on submit the account created,
 * the toasts and `onSuccess`. Each form passes its own schema, defaults, request and fields.
 */
export function SignupForm<TValues extends FieldValues, TOutput>({
  schema,
  defaultValues,
  toRequest,
  onSuccess,
  children,
}: {
  schema: z.ZodType<TOutput, TValues>;
  defaultValues: DefaultValues<TValues>;
  /** The register request built from the checked values. */
  toRequest: (values: TOutput) => RegisterBody;
  onSuccess?: (user: User) => void;
  /** The fields, in order; they reach the form through its context. */
  children: ReactNode;
}) {
  const t = useT('auth');
  const authToasts = useAuthToasts();
  const register = useRegister();
  const form = useForm<TValues, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });

  const onSubmit = form.handleSubmit((values) =>
    register.mutate(toRequest(values), {
      onSuccess: (user) => {
        authToasts.registerSucceeded(user);
        onSuccess?.(user);
      },
      onError: (error) => authToasts.registerFailed(error),
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('signup.formLabel')}>
        <FormError message={register.isError ? errorMessage(register.error, t('toast.checkInfo')) : null} />
        {children}
        <Button type="submit" size="lg" disabled={register.isPending}>
          {register.isPending ? t('signup.creating') : t('signup.submit')}
        </Button>
      </form>
    </FormProvider>
  );
}

/** The text fields a sign-up form may have; each form's values hold the ones it shows. */
type SignupTextName = 'fullName' | 'username' | 'email' | 'phone';

/** One field of the surrounding sign-up form: its error, and the form's `register` and `control`. */
export function useSignupField<TName extends string>(name: TName) {
  const { register, control } = useFormContext<Record<TName, unknown>>();
  const { errors } = useFormState({ control });
  const message = errors[name]?.message;
  return { register, control, error: typeof message === 'string' ? message : undefined };
}

/** One labelled text field of the surrounding sign-up form. */
export function SignupTextField({
  name,
  label,
  ...input
}: { name: SignupTextName; label: string } & Omit<ComponentProps<typeof Input>, 'name'>) {
  const { register, error } = useSignupField(name);
  return (
    <FormField label={label} error={error}>
      <Input {...input} {...register(name)} />
    </FormField>
  );
}

export function FullNameField() {
  const t = useT('auth');
  return <SignupTextField name="fullName" label={t('field.fullName')} autoComplete="name" />;
}

export function EmailField() {
  const t = useT('auth');
  return (
    <SignupTextField
      name="email"
      label={t('field.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
    />
  );
}

/** The new password, with the password rules under it, and its confirmation. */
export function PasswordFields() {
  const t = useT('auth');
  const password = useSignupField('password');
  const confirmation = useSignupField('confirmPassword');
  return (
    <>
      <FormField label={t('field.password')} error={password.error} hint={<PasswordRules />}>
        <PasswordInput autoComplete="new-password" {...password.register('password')} />
      </FormField>
      <FormField label={t('field.confirmPassword')} error={confirmation.error}>
        <PasswordInput autoComplete="new-password" {...confirmation.register('confirmPassword')} />
      </FormField>
    </>
  );
}
