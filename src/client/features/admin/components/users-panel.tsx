import type { AdminUser } from '@shared/contract/admin';
import { cityLabel } from '@shared/domain/ontario';
import { ShieldIcon, UserIcon, UsersIcon, BriefcaseIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ListStates } from '@/components/ui/list-states';
import { StatRow } from '@/components/ui/stat-row';
import { errorMessage } from '@/lib/errors';
import { formatShortDate } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { useAdminUsers } from '../api/get-users';
import { useUpdateAdminUser } from '../api/update-user';
import { userCounters } from '../lib/admin-view';

const ROLE_LABELS = { admin: 'Admin', partner: 'Partner', user: 'User' } as const;

function UserCard({ user }: { user: AdminUser }) {
  const update = useUpdateAdminUser();
  const setRole = (role: 'user' | 'partner') =>
    update.mutate(
      { id: user.id, role },
      {
        onSuccess: (updated) =>
          notify(
            'success',
            'User updated',
            `${updated.fullName} is now ${role === 'partner' ? 'a partner' : 'a regular user'}.`,
          ),
        onError: (error) => notify('error', 'Update failed', errorMessage(error, 'Please try again.')),
      },
    );
  return (
    <li className="flex flex-col gap-3 rounded-(--radius-card) border border-line bg-surface p-4 shadow-xs sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="truncate font-semibold text-ink">{user.fullName}</h3>
          <span className="inline-flex items-center gap-1 rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold text-ink">
            {user.role === 'admin' ? <ShieldIcon className="size-3.5" aria-hidden="true" /> : null}
            {ROLE_LABELS[user.role]}
          </span>
        </div>
        <p className="truncate text-sm text-muted">
          {user.email} · @{user.username}
        </p>
        <p className="text-sm text-muted">
          {[user.phone, user.city ? cityLabel(user.city) : null, `Joined ${formatShortDate(user.createdAt)}`]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {user.role === 'admin' ? null : (
        <fieldset className="flex gap-2">
          <legend className="sr-only">Role of {user.fullName}</legend>
          {(['user', 'partner'] as const).map((role) => (
            <Button
              key={role}
              size="sm"
              variant={user.role === role ? 'primary' : 'outline'}
              aria-pressed={user.role === role}
              disabled={user.role === role || update.isPending}
              onClick={() => setRole(role)}
            >
              {role === 'user' ? 'User' : 'Partner'}
            </Button>
          ))}
        </fieldset>
      )}
    </li>
  );
}

/** Users: counters, user cards and the role buttons (user or partner; admins are locked). */
export function UsersPanel() {
  const users = useAdminUsers();
  const list = users.data ?? [];
  const counts = userCounters(list);
  return (
    <div className="grid gap-4">
      <StatRow
        loading={users.isPending}
        stats={[
          { label: 'Total Users', value: counts.total, icon: UsersIcon },
          { label: 'Partners', value: counts.partners, icon: BriefcaseIcon, tone: 'accent' },
          { label: 'Regular', value: counts.regular, icon: UserIcon, tone: 'neutral' },
        ]}
      />
      <ListStates
        isPending={users.isPending}
        isError={users.isError}
        isEmpty={list.length === 0}
        loadingLabel="Loading users..."
        skeletonClassName="h-24"
        errorText="Users could not be loaded. Please try again later."
        empty={{ icon: UsersIcon, title: 'No users found' }}
      >
        <ul aria-label="Users" className="grid gap-3">
          {list.map((user) => (
            <UserCard key={user.id} user={user} />
          ))}
        </ul>
      </ListStates>
    </div>
  );
}
