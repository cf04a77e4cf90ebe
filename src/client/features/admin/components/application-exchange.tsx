import type { ApplicationRequest } from '@shared/contract/applications';
import { useId } from 'react';
import { useFormat, useT } from '@/lib/i18n/i18n';

/** `Nov 22, 2026, 10:00 AM ET`: when something was asked or answered, in Toronto time. */
function When({ at }: { at: string }) {
  const t = useT('admin');
  const format = useFormat();
  return (
    <time dateTime={at} className="text-xs text-muted">
      {t('exchange.when', { date: format.shortDate(at), time: format.clock(at) })}
    </time>
  );
}

/**
 * Everything the admins asked an applicant and what they answered, oldest first, each with its
 * date: on the application card and in the decision dialog, so the next question or the decision is
 * written with the whole exchange in view.
 */
export function ApplicationExchange({ requests }: { requests: readonly ApplicationRequest[] }) {
  const t = useT('admin');
  const headingId = useId();
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h4 id={headingId} className="text-sm font-semibold text-ink">
        {t('exchange.title')}
      </h4>
      <ol className="grid gap-2 text-sm">
        {requests.map((request) => (
          <li key={request.askedAt} className="grid gap-1 rounded-lg border border-line p-3">
            <p className="text-ink">
              <span className="font-semibold">{t('exchange.asked')} </span>
              {request.needed}
            </p>
            <When at={request.askedAt} />
            <p className={request.answer ? 'mt-1 text-ink' : 'mt-1 text-muted'}>
              <span className="font-semibold">{t('exchange.answer')} </span>
              {request.answer ?? t('exchange.waiting')}
              {request.documents.length > 0
                ? ` ${t('exchange.documentsAdded', { count: request.documents.length })}`
                : ''}
            </p>
            {request.answeredAt ? <When at={request.answeredAt} /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
