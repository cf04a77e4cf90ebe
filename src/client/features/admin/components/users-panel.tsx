import type { AdminUser } from '@shared/contract/admin';
import { cityLabel } from '@shared/domain/ontario';
import { ShieldIcon, UserIcon, UsersIcon, BriefcaseIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ListStates } from '@/components/ui/list-states';
import { StatRow } from '@/components/ui/stat-row';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useAdminUsers } from '../api/get-users';
import { useUpdateAdminUser } from '../api/update-user';
import { userCounters } from '../lib/admin-view';
import { useFormat, useT } from '@/lib/i18n/i18n';

function UserCard({ user }: { user: AdminUser }) {
  const t = useT('admin');
  const format = useFormat();
  const update = useUpdateAdminUser();
  const setRole = (role: 'user' | 'partner') =>
    update.mutate(
      { id: user.id, role },
      {
        onSuccess: (updated) =>
          notify('success', t('users.updated'), t('users.updatedText', { name: updated.fullName, role })),
        onError: (error) => notify('error', t('bookings.updateFailed'), errorMessage(error, t('tryAgain'))),
      },
    );
  return (
    <li className="flex flex-col gap-3 rounded-(--radius-card) border border-line bg-surface p-4 shadow-xs sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="truncate font-semibold text-ink">{user.fullName}</h3>
          <span className="inline-flex items-center gap-1 rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold text-ink">
            {user.role === 'admin' ? <ShieldIcon className="size-3.5" aria-hidden="true" /> : null}
            {t(`role.${user.role}`)}
          </span>
        </div>
        <p className="truncate text-sm text-muted">
          {user.email} · @{user.username}
        </p>
        <p className="text-sm text-muted">
          {[
            user.phone,
            user.city ? cityLabel(user.city) : null,
            t('users.joined', { date: format.shortDate(user.createdAt) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {user.role === 'admin' ? null : (
        <fieldset className="flex gap-2">
          <legend className="sr-only">{t('users.roleOf', { name: user.fullName })}</legend>
          {(['user', 'partner'] as const).map((role) => (
            <Button
              key={role}
              size="sm"
              variant={user.role === role ? 'primary' : 'outline'}
              aria-pressed={user.role === role}
              disabled={user.role === role || update.isPending}
              onClick={() => setRole(role)}
            >
              {t(`role.${role}`)}
            </Button>
          ))}
        </fieldset>
      )}
    </li>
  );
}

/** Users: counters, user cards and the role buttons (user or partner; admins are locked). */
export function UsersPanel() {
  const t = useT('admin');
  const users = useAdminUsers();
  const list = users.data ?? [];
  const counts = userCounters(list);
  return (
    <div className="grid gap-4">
      <StatRow
        loading={users.isPending}
        failed={users.isError}
        stats={[
          { label: t('users.total'), value: counts.total, icon: UsersIcon },
          { label: t('users.partners'), value: counts.partners, icon: BriefcaseIcon, tone: 'accent' },
          { label: t('users.regular'), value: counts.regular, icon: UserIcon, tone: 'neutral' },
        ]}
      />
      <ListStates
        isPending={users.isPending}
        isError={users.isError}
        isEmpty={list.length === 0}
        loadingLabel={t('users.loading')}
        skeletonClassName="h-24"
        errorText={t('users.loadFailed')}
        error={users.error}
        onRetry={() => void users.refetch()}
        empty={{ icon: UsersIcon, title: t('users.empty') }}
      >
        <ul aria-label={t('tab.users')} className="grid gap-3">
          {list.map((user) => (
            <UserCard key={user.id} user={user} />
          ))}
        </ul>
      </ListStates>
    </div>
  );
}
