import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { AccountPage } from '@/features/account/components/account-page';
import { AddressForm } from '@/features/account/components/address-form';
import { useT } from '@/lib/i18n/i18n';

export function ManageAddressPage() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const t = useT('account');
  if (!user) return null;
  return (
    <AccountPage
      title={t('manageAddress.title')}
      description={t('manageAddress.description')}
      intro={t('manageAddress.intro')}
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
