import { useNavigate } from 'react-router';
import { AccountPage } from '@/features/account/components/account-page';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { useT } from '@/lib/i18n/i18n';

export function ChangePasswordPage() {
  const navigate = useNavigate();
  const t = useT('account');
  return (
    <AccountPage
      title={t('changePassword.title')}
      description={t('changePassword.description')}
      intro={t('changePassword.intro')}
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
