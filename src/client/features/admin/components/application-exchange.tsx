import type { ApplicationRequest } from '@shared/contract/applications';
import { formatClockTime, formatShortDate } from '@shared/domain/dates';
import { useId } from 'react';

/** `Nov 22, 2026, 10:00 AM ET`: when something was asked or answered, in Toronto time. */
function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="text-xs text-muted">
      {formatShortDate(at)}, {formatClockTime(at)} ET
    </time>
  );
}

/**
 * Everything the admins asked an applicant and what they answered, oldest first, each with its
 * date: on the application card and in the decision dialog, so the next question or the decision is
 * written with the whole exchange in view.
 */
export function ApplicationExchange({ requests }: { requests: readonly ApplicationRequest[] }) {
  const headingId = useId();
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h4 id={headingId} className="text-sm font-semibold text-ink">
        Questions and answers
      </h4>
      <ol className="grid gap-2 text-sm">
        {requests.map((request) => (
          <li key={request.askedAt} className="grid gap-1 rounded-lg border border-line p-3">
            <p className="text-ink">
              <span className="font-semibold">Asked: </span>
              {request.needed}
            </p>
            <When at={request.askedAt} />
            <p className={request.answer ? 'mt-1 text-ink' : 'mt-1 text-muted'}>
              <span className="font-semibold">Answer: </span>
              {request.answer ?? 'Waiting for the applicant'}
              {request.documents.length > 0
                ? ` (${request.documents.length} document${request.documents.length === 1 ? '' : 's'} added)`
                : ''}
            </p>
            {request.answeredAt ? <When at={request.answeredAt} /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
