import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { AccountPage } from '@/features/account/components/account-page';
import { ProfileForm } from '@/features/account/components/profile-form';
import { useT } from '@/lib/i18n/i18n';

export function EditProfilePage() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const t = useT('account');
  if (!user) return null;
  return (
    <AccountPage
      title={t('editProfile.title')}
      description={t('editProfile.description')}
      intro={t('editProfile.intro')}
    >
      <div className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs sm:p-6">
        <ProfileForm
          user={user}
          variant="page"
          onSaved={() => navigate('/profile')}
          onCancel={() => navigate('/profile')}
        />
      </div>
    </AccountPage>
  );
}
