import { useNavigate } from 'react-router';
import { AccountPage } from '@/features/account/components/account-page';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';

export function ChangePasswordPage() {
  const navigate = useNavigate();
  return (
    <AccountPage
      title="Change Password"
      description="Choose a new password for your Trillium account."
      intro="Your other devices are signed out when the password changes."
    >
      <div className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs sm:p-6">
        <ChangePasswordForm
          variant="page"
          onSaved={() => navigate('/profile')}
          onCancel={() => navigate('/profile')}
        />
      </div>
    </AccountPage>
  );
}
