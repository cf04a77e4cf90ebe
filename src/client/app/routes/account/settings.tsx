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

/** /settings: personal information, notifications (saved to the account), address, password, your data. */
export function SettingsPage() {
  const { user } = useCurrentUser();
  const [changingPassword, setChangingPassword] = useState(false);
  if (!user) {
    return (
      <p role="status" className="px-4 py-16 text-center text-muted">
        Loading...
      </p>
    );
  }
  return (
    <AccountPage
      title="Account Settings"
      description="Manage your personal information, notifications, address, password and data on Trillium."
      intro="Manage your personal information, notifications, address, password and data."
    >
      <AccountSection id="settings-personal" title="Personal Information">
        <ProfileForm user={user} variant="settings" />
      </AccountSection>
      <AccountSection
        id="settings-notifications"
        title="Notification Settings"
        description="Choose how Trillium keeps you informed. Saved to your account."
      >
        <NotificationSettings />
      </AccountSection>
      <AccountSection
        id="settings-calendar"
        title="Calendar"
        description="See your bookings in Google Calendar, Outlook or Apple Calendar."
      >
        <CalendarFeedPanel who="customer" />
      </AccountSection>
      <AccountSection id="settings-address" title="Address Information">
        <AddressForm user={user} variant="settings" />
      </AccountSection>
      <AccountSection
        id="settings-security"
        title="Password & Security"
        description="Changing your password signs you out on your other devices."
        action={
          changingPassword ? null : (
            <Button variant="outline" onClick={() => setChangingPassword(true)}>
              <KeyRoundIcon aria-hidden="true" />
              Change Password
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
          <p className="text-sm text-muted">Use a strong password you don't use anywhere else.</p>
        )}
      </AccountSection>
      <AccountSection
        id="settings-data"
        title="Your Data"
        description="Your rights under Canadian privacy law: see everything Trillium holds about you, or leave."
      >
        <PrivacySettings />
      </AccountSection>
    </AccountPage>
  );
}
