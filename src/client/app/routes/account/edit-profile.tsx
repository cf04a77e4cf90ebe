import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { AccountPage } from '@/features/account/components/account-page';
import { ProfileForm } from '@/features/account/components/profile-form';

export function EditProfilePage() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <AccountPage
      title="Edit Profile"
      description="Change your name, e-mail address and phone number on Trillium."
      intro="Keep your contact details up to date so providers can reach you."
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
