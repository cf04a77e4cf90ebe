import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { AccountPage, AccountSection } from '@/features/account/components/account-page';
import { AddressForm } from '@/features/account/components/address-form';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { NotificationSettings } from '@/features/account/components/notification-settings';
import { PrivacySettings } from '@/features/account/components/privacy-settings';
import { ProfileForm } from '@/features/account/components/profile-form';
import { CalendarFeedPanel } from '@/features/calendar';
import { useT } from '@/lib/i18n/i18n';

/** /settings: personal information, notifications (saved to the account), address, password, your data. */
export function SettingsPage() {
  const { user } = useCurrentUser();
  const [changingPassword, setChangingPassword] = useState(false);
  const t = useT('account');
  if (!user) {
    return (
      <p role="status" className="px-4 py-16 text-center text-muted">
        {t('common.loading')}
      </p>
    );
  }
  return (
    <AccountPage
      title={t('settings.title')}
      description={t('settings.description')}
      intro={t('settings.intro')}
    >
      <AccountSection id="settings-personal" title={t('settings.personal')}>
        <ProfileForm user={user} variant="settings" />
      </AccountSection>
      <AccountSection
        id="settings-notifications"
        title={t('settings.notifications')}
        description={t('settings.notificationsHint')}
      >
        <NotificationSettings />
      </AccountSection>
      <AccountSection
        id="settings-calendar"
        title={t('settings.calendar')}
        description={t('settings.calendarHint')}
      >
        <CalendarFeedPanel who="customer" />
      </AccountSection>
      <AccountSection id="settings-address" title={t('settings.address')}>
        <AddressForm user={user} variant="settings" />
      </AccountSection>
      <AccountSection
        id="settings-security"
        title={t('settings.security')}
        description={t('settings.securityHint')}
        action={
          changingPassword ? null : (
            <Button variant="outline" onClick={() => setChangingPassword(true)}>
              <KeyRoundIcon aria-hidden="true" />
              {t('settings.changePassword')}
            </Button>
          )
        }
      >
        {changingPassword ? (
          <ChangePasswordForm
            variant="settings"
            onSaved={() => setChangingPassword(false)}
            onCancel={() => setChangingPassword(false)}
          />
        ) : (
          <p className="text-sm text-muted">{t('settings.strongPassword')}</p>
        )}
      </AccountSection>
      <AccountSection id="settings-data" title={t('settings.data')} description={t('settings.dataHint')}>
        <PrivacySettings />
      </AccountSection>
    </AccountPage>
  );
}
