import {
  AlertTriangleIcon,
  CheckCircle2Icon,
  ClipboardListIcon,
  HourglassIcon,
  XCircleIcon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/list-states';
import { StatRow } from '@/components/ui/stat-row';
import { useApplications } from '../api/get-applications';
import { applicationCounters } from '../lib/admin-view';
import { useT } from '@/lib/i18n/i18n';

/** Overview: the application counters and, when some wait for a decision, 'Action Required'. */
export function OverviewTab({ onReview }: { onReview: () => void }) {
  const t = useT('admin');
  const applications = useApplications();
  const counts = applicationCounters(applications.data ?? []);
  return (
    <div className="grid gap-4">
      <StatRow
        className="grid-cols-2 lg:grid-cols-4"
        loading={applications.isPending}
        failed={applications.isError}
        stats={[
          { label: t('overview.total'), value: counts.all, icon: ClipboardListIcon },
          { label: t('overview.pending'), value: counts.pending, icon: HourglassIcon, tone: 'accent' },
          { label: t('overview.approved'), value: counts.approved, icon: CheckCircle2Icon },
          { label: t('overview.rejected'), value: counts.rejected, icon: XCircleIcon, tone: 'danger' },
        ]}
      />
      {applications.isError ? (
        <LoadError
          message={t('applications.loadFailed')}
          error={applications.error}
          onRetry={() => void applications.refetch()}
        />
      ) : null}
      {counts.pending > 0 ? (
        <section
          aria-labelledby="action-required"
          className="flex flex-col gap-4 rounded-(--radius-card) border border-accent-200 bg-accent-50 p-5 sm:flex-row sm:items-center"
        >
          <AlertTriangleIcon className="size-8 shrink-0 text-accent-700" aria-hidden="true" />
          <div className="flex-1">
            <h2 id="action-required" className="text-lg font-semibold text-ink">
              {t('overview.actionRequired')}
            </h2>
            <p className="text-sm text-ink">{t('overview.waiting', { count: counts.pending })}</p>
          </div>
          <Button onClick={onReview}>{t('overview.review')}</Button>
        </section>
      ) : null}
    </div>
  );
}
