import type { AuditEntry } from '@shared/contract/audit';
import { ChevronLeftIcon, ChevronRightIcon, ScrollTextIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ListStates } from '@/components/ui/list-states';
import { cn } from '@/lib/cn';
import { useAuditLog } from '../api/get-audit-log';
import { type AuditFilters, auditChanges, NO_AUDIT_FILTERS } from '../lib/audit-view';
import { AuditFiltersForm } from './audit-filters';
import { useFormat, useT, useTOptional } from '@/lib/i18n/i18n';
import { RichText } from '@/lib/i18n/rich-text';

function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const t = useT('admin');
  const optional = useTOptional('admin');
  const format = useFormat();
  const changes = auditChanges(entry, { locale: format.locale, yes: t('audit.yes'), no: t('audit.no') });
  const who = entry.admin.name ?? t('audit.deletedAccount', { id: entry.admin.id });
  const action = t(`audit.action.${entry.action}`);
  const target = t('audit.targetOf', { type: t(`audit.target.${entry.targetType}`), id: entry.targetId });
  return (
    <li className="grid gap-3 rounded-(--radius-card) border border-line bg-surface p-4 shadow-xs">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold text-ink">
          {action} <span className="font-normal text-muted">· {target}</span>
        </h3>
        <p className="text-sm text-muted">
          <RichText
            ns="admin"
            k="audit.when"
            values={{ date: format.shortDate(entry.at), time: format.clock(entry.at), who }}
            components={[<time key="at" dateTime={entry.at} />]}
          />
        </p>
      </div>
      {changes.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-line">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('audit.caption', { action, target })}</caption>
            <thead className="bg-canvas text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('audit.field')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('audit.before')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('audit.after')}
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.field} className="border-t border-line align-top">
                  <th scope="row" className="px-3 py-2 font-medium text-ink">
                    {optional(`audit.field.${change.field}`, change.label)}
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
  const t = useT('admin');
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const log = useAuditLog(filters, page);
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted">{t('audit.intro')}</p>
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
        loadingLabel={t('audit.loading')}
        skeletonClassName="h-28"
        errorText={t('audit.loadFailed')}
        error={log.error}
        empty={{
          icon: ScrollTextIcon,
          title: t('audit.emptyTitle'),
          text: Object.values(filters).some(Boolean) ? t('audit.emptyFiltered') : t('audit.emptyText'),
        }}
      >
        <ol aria-label={t('audit.entries')} aria-busy={log.isFetching} className="grid gap-3">
          {data?.entries.map((entry) => (
            <AuditEntryCard key={entry.id} entry={entry} />
          ))}
        </ol>
      </ListStates>
      {data && data.total > 0 ? (
        <nav aria-label={t('audit.pages')} className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted" aria-live="polite">
            {t('audit.page', { page: data.page, pages, count: data.total })}
          </p>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={page <= 1 || log.isFetching}
              onClick={() => setPage((p) => p - 1)}
            >
              <ChevronLeftIcon aria-hidden="true" />
              {t('audit.previous')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages || log.isFetching}
              onClick={() => setPage((p) => p + 1)}
            >
              {t('audit.next')}
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}
