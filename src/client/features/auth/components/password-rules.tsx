import { PASSWORD_MIN_LENGTH } from '@shared/domain/password-policy';

/** The password policy in one sentence (docs/product.md §2), shown under every new-password field. */
export function PasswordRules() {
  return (
    <>
      At least {PASSWORD_MIN_LENGTH} characters, with a capital letter and a special character (such as ! or
      #). Avoid common passwords.
    </>
  );
}
