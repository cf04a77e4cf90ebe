import type { AdminJobs } from '@shared/contract/admin';
import { RefreshCwIcon, RotateCcwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useAdminJobs, useRetryJob } from '../api/jobs';
import { useFormat, useT } from '@/lib/i18n/i18n';

const STATES = ['pending', 'running', 'done', 'skipped', 'failed'] as const;

/** Rows of kind × state, with a total per state. */
function byKind(counts: AdminJobs['counts']) {
  const kinds = new Map<string, Record<(typeof STATES)[number], number>>();
  for (const c of counts) {
    const row = kinds.get(c.kind) ?? { pending: 0, running: 0, done: 0, skipped: 0, failed: 0 };
    row[c.state] += c.count;
    kinds.set(c.kind, row);
  }
  return [...kinds.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** Jobs: the background queue (refunds, reminders, sweeps...) and the jobs that failed, with Retry. */
export function JobsPanel() {
  const t = useT('admin');
  const format = useFormat();
  const jobs = useAdminJobs();
  const retry = useRetryJob();
  if (jobs.isPending) {
    return (
      <div role="status" aria-label={t('jobs.loading')} className="grid gap-3">
        <Skeleton className="h-24 w-full rounded-(--radius-card)" />
        <Skeleton className="h-48 w-full rounded-(--radius-card)" />
      </div>
    );
  }
  if (jobs.isError) {
    return (
      <div role="alert" className="rounded-lg border border-danger/30 bg-danger-soft p-4 text-sm text-danger">
        {errorMessage(jobs.error, t('jobs.loadFailed'))}{' '}
        <Button variant="outline" size="sm" onClick={() => void jobs.refetch()}>
          <RefreshCwIcon aria-hidden="true" />
          {t('jobs.tryAgain')}
        </Button>
      </div>
    );
  }
  const rows = byKind(jobs.data.counts);
  const total = (state: (typeof STATES)[number]) => rows.reduce((sum, [, r]) => sum + r[state], 0);
  return (
    <div className="grid gap-5">
      <div className="grid grid-cols-3 gap-3">
        <StatCard label={t('jobs.waiting')} value={total('pending') + total('running')} />
        <StatCard label={t('jobs.done')} value={total('done') + total('skipped')} />
        <StatCard label={t('jobs.failed')} value={total('failed')} />
      </div>
      <section aria-labelledby="jobs-failed" className="grid gap-2">
        <h2 id="jobs-failed" className="text-lg font-semibold text-ink">
          {t('jobs.failedTitle')}
        </h2>
        {jobs.data.failures.length === 0 ? (
          <p className="text-sm text-muted">{t('jobs.noFailures')}</p>
        ) : (
          <ul className="grid gap-2">
            {jobs.data.failures.map((job) => (
              <li
                key={job.id}
                className="grid gap-2 rounded-(--radius-card) border border-line bg-surface p-3 shadow-xs"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-mono text-sm font-semibold break-all text-ink">{job.kind}</p>
                    <p className="text-xs text-muted">
                      {job.failedAt
                        ? t('jobs.attemptsLast', {
                            count: job.attempts,
                            time: format.bookedTime(job.failedAt),
                          })
                        : t('jobs.attempts', { count: job.attempts })}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={retry.isPending}
                    onClick={() =>
                      retry.mutate(job.id, {
                        onSuccess: () =>
                          notify('success', t('jobs.requeued'), t('jobs.requeuedText', { kind: job.kind })),
                        onError: (error) =>
                          notify('error', t('jobs.retryFailed'), errorMessage(error, t('tryAgain'))),
                      })
                    }
                  >
                    <RotateCcwIcon aria-hidden="true" />
                    {t('jobs.retry')}
                  </Button>
                </div>
                {job.lastError ? (
                  <p className="rounded-lg bg-canvas p-2 font-mono text-xs break-words text-danger">
                    {job.lastError}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="jobs-kinds" className="grid gap-2">
        <h2 id="jobs-kinds" className="text-lg font-semibold text-ink">
          {t('jobs.byKind')}
        </h2>
        <div className="overflow-x-auto rounded-(--radius-card) border border-line bg-surface">
          <table className="w-full text-left text-sm">
            <thead className="bg-canvas text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('jobs.kind')}
                </th>
                {STATES.map((state) => (
                  <th key={state} scope="col" className="px-3 py-2 text-right font-medium">
                    {t(`jobs.state.${state}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([kind, row]) => (
                <tr key={kind} className="border-t border-line">
                  <th scope="row" className="px-3 py-2 font-mono text-xs font-medium text-ink">
                    {kind}
                  </th>
                  {STATES.map((state) => (
                    <td key={state} className="px-3 py-2 text-right tabular-nums">
                      {row[state]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
