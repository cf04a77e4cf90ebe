import type { User } from '@shared/contract/auth';
import { errorMessage } from '@/lib/errors';
import { useT } from '@/lib/i18n/i18n';
import { showToast } from '@/lib/toast';
import { firstName } from './names';

type Greeted = Pick<User, 'fullName' | 'username'>;

/** The error catalogue of the accounts screens (customer journey, section 8), in the page's language. */
export function useAuthToasts() {
  const t = useT('auth');
  return {
    loginSucceeded: (user: Greeted) =>
      showToast('success', t('toast.welcomeBack'), {
        description: t('toast.greatToSeeYou', { name: firstName(user) }),
        duration: 3000,
      }),
    loginFailed: (error: unknown) =>
      showToast('error', t('toast.loginFailed'), {
        description: errorMessage(error, t('toast.checkCredentials')),
        duration: 4000,
      }),
    registerSucceeded: (user: Greeted) =>
      showToast('success', t('toast.welcome'), {
        description: t('toast.accountCreated', { name: firstName(user) }),
        duration: 3000,
      }),
    registerFailed: (error: unknown) =>
      showToast('error', t('toast.registerFailed'), {
        description: errorMessage(error, t('toast.checkInfo')),
        duration: 4000,
      }),
    logoutSucceeded: () =>
      showToast('success', t('toast.loggedOut'), {
        description: t('toast.seeYou'),
        duration: 2500,
      }),
    logoutFailed: (error: unknown) =>
      showToast('error', t('toast.logoutFailed'), {
        description: errorMessage(error, t('toast.tryAgain')),
      }),
  };
}
