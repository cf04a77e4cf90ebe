import { PASSWORD_MIN_LENGTH } from '@shared/domain/password-policy';
import { useT } from '@/lib/i18n/i18n';

/** The password policy in one sentence (docs/product.md §2), shown under every new-password field. */
export function PasswordRules() {
  const t = useT('auth');
  return <>{t('password.rules', { min: PASSWORD_MIN_LENGTH })}</>;
}
