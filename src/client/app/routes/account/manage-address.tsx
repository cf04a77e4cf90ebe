import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { AccountPage } from '@/features/account/components/account-page';
import { AddressForm } from '@/features/account/components/address-form';

export function ManageAddressPage() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <AccountPage
      title="Manage Address"
      description="Your service address on Trillium."
      intro="Where providers come to for doorstep services."
    >
      <div className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs sm:p-6">
        <AddressForm
          user={user}
          variant="page"
          onSaved={() => navigate('/profile')}
          onCancel={() => navigate('/profile')}
        />
      </div>
    </AccountPage>
  );
}
