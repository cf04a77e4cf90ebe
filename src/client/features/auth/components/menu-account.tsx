import { LayoutDashboardIcon, LogOutIcon, UserRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { useSignOut } from '../hooks/use-sign-out';
import { firstName } from '../lib/names';
import { useT } from '@/lib/i18n/i18n';

/**
 * The phone menu's account block for a signed-in person, as the header's (UserMenu): "Welcome, {name}"
 * to the profile, an Admin Dashboard link for admins, and Logout, one under the other (a name and the
 * French labels do not fit side by side). `onNavigate` closes the menu.
 */
export function MenuAccount({ onNavigate }: { onNavigate: () => void }) {
  const t = useT('auth');
  const { user, isAdmin } = useCurrentUser();
  const { signOut, pending } = useSignOut();
  if (!user) return null;
  return (
    <div className="grid gap-2">
      <Button asChild variant="outline" className="min-w-0">
        <Link to="/profile" onClick={onNavigate}>
          <UserRoundIcon aria-hidden="true" />
          <span className="truncate">{t('menu.welcome', { name: firstName(user) })}</span>
        </Link>
      </Button>
      {isAdmin ? (
        <Button asChild variant="outline">
          <Link to="/admin" onClick={onNavigate}>
            <LayoutDashboardIcon aria-hidden="true" />
            {t('menu.admin')}
          </Link>
        </Button>
      ) : null}
      <Button variant="outline" onClick={() => signOut(onNavigate)} disabled={pending}>
        <LogOutIcon aria-hidden="true" />
        {pending ? t('menu.loggingOut') : t('menu.logout')}
      </Button>
    </div>
  );
}
