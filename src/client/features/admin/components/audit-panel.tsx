import type { AuditEntry } from '@shared/contract/audit';
import { formatClockTime, formatShortDate } from '@shared/domain/dates';
import { ChevronLeftIcon, ChevronRightIcon, ScrollTextIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ListStates } from '@/components/ui/list-states';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/errors';
import { useAuditLog } from '../api/get-audit-log';
import {
  type AuditFilters,
  auditActionLabel,
  auditChanges,
  auditTarget,
  NO_AUDIT_FILTERS,
} from '../lib/audit-view';
import { AuditFiltersForm } from './audit-filters';

function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  const who = entry.admin.name ?? `Deleted account #${entry.admin.id}`;
  return (
    <li className="grid gap-3 rounded-(--radius-card) border border-line bg-surface p-4 shadow-xs">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold text-ink">
          {auditActionLabel(entry.action)}{' '}
          <span className="font-normal text-muted">· {auditTarget(entry)}</span>
        </h3>
        <p className="text-sm text-muted">
          <time dateTime={entry.at}>
            {formatShortDate(entry.at)}, {formatClockTime(entry.at)} ET
          </time>{' '}
          by {who}
        </p>
      </div>
      {changes.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-line">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Values before and after: {auditActionLabel(entry.action)}, {auditTarget(entry)}
            </caption>
            <thead className="bg-canvas text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Field
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Before
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.field} className="border-t border-line align-top">
                  <th scope="row" className="px-3 py-2 font-medium text-ink">
                    {change.label}
                  </th>
                  <td className="px-3 py-2 break-words text-muted">{change.before}</td>
                  <td
                    className={cn(
                      'px-3 py-2 break-words',
                      change.changed ? 'font-semibold text-ink' : 'text-muted',
                    )}
                  >
                    {change.after}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </li>
  );
}

/** Audit: every admin action, newest first, with who, when and the values before and after (read-only). */
export function AuditPanel() {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const log = useAuditLog(filters, page);
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted">
        Every admin action is recorded here when it is made. Entries cannot be changed or removed.
      </p>
      <AuditFiltersForm
        applied={filters}
        admins={data?.admins ?? []}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <ListStates
        isPending={log.isPending}
        isError={log.isError}
        isEmpty={(data?.entries.length ?? 0) === 0}
        loadingLabel="Loading the audit log..."
        skeletonClassName="h-28"
        errorText={errorMessage(log.error, 'The audit log could not be loaded. Please try again.')}
        empty={{
          icon: ScrollTextIcon,
          title: 'No entries',
          text: Object.values(filters).some(Boolean)
            ? 'No admin action matches these filters.'
            : 'No admin has acted yet.',
        }}
      >
        <ol aria-label="Audit log entries" aria-busy={log.isFetching} className="grid gap-3">
          {data?.entries.map((entry) => (
            <AuditEntryCard key={entry.id} entry={entry} />
          ))}
        </ol>
      </ListStates>
      {data && data.total > 0 ? (
        <nav aria-label="Audit log pages" className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted" aria-live="polite">
            Page {data.page} of {pages} · {data.total} {data.total === 1 ? 'entry' : 'entries'}
          </p>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={page <= 1 || log.isFetching}
              onClick={() => setPage((p) => p - 1)}
            >
              <ChevronLeftIcon aria-hidden="true" />
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages || log.isFetching}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}
