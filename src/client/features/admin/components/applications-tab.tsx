import type { AdminApplication } from '@shared/contract/admin';
import { InboxIcon } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '@/components/ui/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useApplications } from '../api/get-applications';
import {
  APPLICATION_FILTERS,
  type ApplicationFilter,
  applicationCounters,
  filterApplications,
} from '../lib/admin-view';
import { ApplicationCard } from './application-card';
import { type Decision, DecisionDialog } from './decision-dialog';
import { useT } from '@/lib/i18n/i18n';

function ApplicationCardSkeleton() {
  return (
    <div className="grid gap-4 rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs">
      <div className="flex justify-between gap-2">
        <div className="grid gap-2">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-40" />
        </div>
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {[1, 2, 3, 4, 5, 6].map((n) => (
          <Skeleton key={n} className="h-5 w-3/4" />
        ))}
      </div>
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

/** Apps: filter buttons with counts, the application cards and the decision dialog. */
export function ApplicationsTab({
  filter,
  onFilterChange,
}: {
  filter: ApplicationFilter;
  onFilterChange: (filter: ApplicationFilter) => void;
}) {
  const t = useT('admin');
  const applications = useApplications();
  const [deciding, setDeciding] = useState<{ application: AdminApplication; decision: Decision } | null>(
    null,
  );
  const list = applications.data ?? [];
  const counts = applicationCounters(list);
  const shown = filterApplications(list, filter);

  return (
    <div className="grid gap-4">
      <fieldset className="flex min-w-0 gap-2 overflow-x-auto pb-1">
        <legend className="sr-only">{t('applications.filter')}</legend>
        {APPLICATION_FILTERS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={filter === option}
            onClick={() => onFilterChange(option)}
            className={cn(
              'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-4 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-accent-400',
              filter === option
                ? 'border-primary-700 bg-primary-700 text-white'
                : 'border-line bg-surface text-ink hover:border-primary-300 hover:bg-primary-50',
            )}
          >
            {t(`filter.${option}`)}
            <span
              className={cn(
                'rounded-full px-2 text-xs tabular-nums',
                filter === option ? 'bg-white/20 text-white' : 'bg-sand text-ink',
              )}
            >
              {applications.isPending || applications.isError ? '–' : counts[option]}
            </span>
          </button>
        ))}
      </fieldset>

      {applications.isPending ? (
        <div role="status" aria-label={t('applications.loading')} className="grid gap-4">
          <ApplicationCardSkeleton />
          <ApplicationCardSkeleton />
        </div>
      ) : applications.isError ? (
        <LoadError
          message={t('applications.loadFailed')}
          error={applications.error}
          onRetry={() => void applications.refetch()}
        />
      ) : shown.length === 0 ? (
        <div className="rounded-(--radius-card) border border-dashed border-line bg-surface p-10 text-center">
          <InboxIcon className="mx-auto size-10 text-muted" aria-hidden="true" />
          <p className="mt-3 font-semibold text-ink">{t(`applications.empty.${filter}`)}</p>
        </div>
      ) : (
        <div className="grid gap-4">
          {shown.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              onDecide={(decision) => setDeciding({ application, decision })}
            />
          ))}
        </div>
      )}

      <DecisionDialog
        application={deciding?.application ?? null}
        decision={deciding?.decision ?? 'approved'}
        onClose={() => setDeciding(null)}
      />
    </div>
  );
}
