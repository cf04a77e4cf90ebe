import { LayoutDashboardIcon, LogOutIcon, UserRoundIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useSignOut } from '../hooks/use-sign-out';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { firstName } from '../lib/names';
import { useT } from '@/lib/i18n/i18n';

/**
 * The signed-in part of the header: the bell (passed in as `bell`), an Admin Dashboard link for admins,
 * "Welcome, {name}" linking to /profile, and Logout. Renders nothing when signed out.
 */
export function UserMenu({ bell, className }: { bell?: ReactNode; className?: string }) {
  const t = useT('auth');
  const { user, isAdmin } = useCurrentUser();
  const { signOut, pending } = useSignOut();
  if (!user) return null;

  return (
    <div className={cn('flex min-w-0 items-center gap-1', className)}>
      {bell}
      {isAdmin ? (
        <Button asChild variant="ghost" size="sm">
          <Link to="/admin" title={t('menu.admin')}>
            <LayoutDashboardIcon aria-hidden="true" />
            <span className="sr-only">{t('menu.admin')}</span>
          </Link>
        </Button>
      ) : null}
      {/* The greeting gives way first when the header is short of room (it truncates, never overlaps). */}
      <Button asChild variant="ghost" size="sm" className="min-w-0 max-w-64 shrink">
        <Link to="/profile">
          <UserRoundIcon aria-hidden="true" />
          <span className="truncate">{t('menu.welcome', { name: firstName(user) })}</span>
        </Link>
      </Button>
      <Button variant="outline" size="sm" onClick={() => signOut()} disabled={pending}>
        {/* The header is tight in French and for admins: the word is enough there. */}
        <LogOutIcon aria-hidden="true" className="xl:hidden" />
        {pending ? t('menu.loggingOut') : t('menu.logout')}
      </Button>
    </div>
  );
}
