import type { User } from '@shared/contract/auth';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { signupModalSchema } from '../lib/form-schemas';
import {
  EmailField,
  FullNameField,
  PasswordFields,
  SignupForm,
  SignupTextField,
  useSignupField,
} from './signup-form';
import { useT, useValidationText } from '@/lib/i18n/i18n';

/** Sign Up in the header modal: full name, optional username, e-mail, optional phone, password, terms. */
export function SignupModalForm({ onSuccess }: { onSuccess?: (user: User) => void }) {
  const t = useT('auth');
  return (
    <SignupForm
      schema={signupModalSchema}
      defaultValues={{
        fullName: '',
        username: '',
        email: '',
        phone: '',
        password: '',
        confirmPassword: '',
        terms: false,
        remember: false,
      }}
      toRequest={({ fullName, username, email, phone, password, remember }) => ({
        fullName,
        email,
        password,
        remember,
        ...(username ? { username } : {}),
        ...(phone ? { phone } : {}),
      })}
      onSuccess={onSuccess}
    >
      <FullNameField />
      <SignupTextField
        name="username"
        label={t('field.username')}
        autoComplete="username"
        autoCapitalize="none"
      />
      <EmailField />
      <SignupTextField name="phone" label={t('field.phone')} type="tel" autoComplete="tel" inputMode="tel" />
      <PasswordFields />
      <TermsField />
    </SignupForm>
  );
}

/** The required terms checkbox, with a link to the Terms of Service. */
function TermsField() {
  const t = useT('auth');
  const validationText = useValidationText();
  const { control, error } = useSignupField('terms');
  return (
    <div className="grid gap-1">
      <div className="flex min-h-11 items-center gap-3">
        <Controller
          control={control}
          name="terms"
          render={({ field }) => (
            <Checkbox
              id="signup-terms"
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'signup-terms-error' : undefined}
            />
          )}
        />
        <Label htmlFor="signup-terms" className="font-medium">
          {t('signup.agree')}{' '}
          <Link to="/terms" target="_blank" className="text-primary-700 underline underline-offset-2">
            {t('signup.terms')}
          </Link>
        </Label>
      </div>
      {error ? (
        <p id="signup-terms-error" className="text-sm font-medium text-danger">
          {validationText(error)}
        </p>
      ) : null}
    </div>
  );
}
