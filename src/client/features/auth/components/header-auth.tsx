import type { ReactNode } from 'react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/session/use-current-user';
import type { AuthModalTab } from './auth-modal';
import { AuthModal } from './lazy-auth-modal';
import { UserMenu } from './lazy-user-menu';
import { useT } from '@/lib/i18n/i18n';

/**
 * The header's account corner: Login and Sign Up (opening the modal) when signed out, the UserMenu when
 * signed in, and a same-size placeholder while the first answer is awaited (no flash, no shift).
 */
export function HeaderAuth({ bell }: { bell?: ReactNode }) {
  const t = useT('shell');
  const { user, isLoading } = useCurrentUser();
  const [modalTab, setModalTab] = useState<AuthModalTab>('login');
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);

  const openModal = (tab: AuthModalTab) => {
    setModalTab(tab);
    setRequested(true);
    setOpen(true);
  };

  if (isLoading) return <div className="h-11 w-44" aria-hidden="true" />;
  if (user) return <UserMenu bell={bell} />;
  return (
    <>
      <Button variant="ghost" size="sm" aria-haspopup="dialog" onClick={() => openModal('login')}>
        {t('menu.login')}
      </Button>
      <Button variant="primary" size="sm" aria-haspopup="dialog" onClick={() => openModal('signup')}>
        {t('menu.signup')}
      </Button>
      {requested ? <AuthModal open={open} onOpenChange={setOpen} defaultTab={modalTab} /> : null}
    </>
  );
}
