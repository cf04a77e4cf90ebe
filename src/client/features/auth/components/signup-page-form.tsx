import type { User } from '@shared/contract/auth';
import { signupPageSchema } from '../lib/form-schemas';
import { EmailField, FullNameField, PasswordFields, SignupForm } from './signup-form';

/** Sign Up on /auth: full name, e-mail, password and its confirmation (confirmation is not sent). */
export function SignupPageForm({ onSuccess }: { onSuccess?: (user: User) => void }) {
  return (
    <SignupForm
      schema={signupPageSchema}
      defaultValues={{ fullName: '', email: '', password: '', confirmPassword: '' }}
      toRequest={({ fullName, email, password }) => ({ fullName, email, password })}
      onSuccess={onSuccess}
    >
      <FullNameField />
      <EmailField />
      <PasswordFields />
    </SignupForm>
  );
}
