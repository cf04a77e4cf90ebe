import type { AdminReview, ReviewDecision } from '@shared/contract/reviews';
import { EyeIcon, EyeOffIcon, FlagIcon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListStates } from '@/components/ui/list-states';
import { formatDate } from '@/lib/dates';
import { type ModerationState, useModerationReviews } from '../api/admin-reviews';
import { DecisionDialog } from './decision-dialog';
import { ReviewItem } from './review-item';

const STATES: { value: ModerationState; label: string }[] = [
  { value: 'reported', label: 'Reported' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'all', label: 'All' },
];
const DECIDED: Record<ReviewDecision, string> = { hide: 'Hidden', keep: 'Kept', restore: 'Restored' };

function ModerationCard({
  review,
  onDecide,
}: {
  review: AdminReview;
  onDecide: (review: AdminReview, decision: ReviewDecision) => void;
}) {
  const open = review.openReports.length;
  return (
    <ReviewItem
      review={review}
      replyLabel={`Response from ${review.provider.name}`}
      badges={
        <>
          {review.hidden ? <Badge variant="important">Hidden</Badge> : null}
          {open > 0 ? (
            <Badge variant="update">
              <FlagIcon aria-hidden="true" />
              {open === 1 ? '1 open report' : `${open} open reports`}
            </Badge>
          ) : null}
        </>
      }
      actions={
        review.hidden ? (
          <Button size="sm" variant="outline" onClick={() => onDecide(review, 'restore')}>
            <EyeIcon aria-hidden="true" />
            Restore
          </Button>
        ) : (
          <>
            <Button
              size="sm"
              variant="outline"
              className="text-danger"
              onClick={() => onDecide(review, 'hide')}
            >
              <EyeOffIcon aria-hidden="true" />
              Hide
            </Button>
            {open > 0 ? (
              <Button size="sm" variant="outline" onClick={() => onDecide(review, 'keep')}>
                <ShieldCheckIcon aria-hidden="true" />
                Keep
              </Button>
            ) : null}
          </>
        )
      }
    >
      <p className="mt-3 text-sm text-muted">
        Review of{' '}
        <Link to={`/provider/${review.provider.id}`} className="font-medium text-primary-700 underline">
          {review.provider.name}
        </Link>
        {` · reported by ${review.reportCount} ${review.reportCount === 1 ? 'person' : 'people'}`}
      </p>
      {open > 0 ? (
        <div className="mt-3 rounded-lg bg-sand p-3">
          <p className="text-sm font-semibold text-ink">Open reports</p>
          <ul className="mt-1 grid gap-1 text-sm text-ink">
            {review.openReports.map((report) => (
              <li key={`${report.createdAt}-${report.reason}`}>
                <time dateTime={report.createdAt} className="text-muted">
                  {formatDate(report.createdAt)}
                </time>
                {`: ${report.reason}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {review.decisions.length > 0 ? (
        <div className="mt-3">
          <p className="text-sm font-semibold text-ink">Decisions</p>
          <ul className="mt-1 grid gap-1 text-sm text-muted">
            {review.decisions.map((d) => (
              <li key={`${d.createdAt}-${d.decision}`}>
                {`${DECIDED[d.decision]} by ${d.adminName} on `}
                <time dateTime={d.createdAt}>{formatDate(d.createdAt)}</time>
                {`: ${d.reason}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </ReviewItem>
  );
}

/** The admin's Reviews tab: reported reviews to hide or keep, hidden ones to restore, each with a reason. */
export function ReviewModerationPanel() {
  const [state, setState] = useState<ModerationState>('reported');
  const [deciding, setDeciding] = useState<{ review: AdminReview; decision: ReviewDecision } | null>(null);
  const reviews = useModerationReviews(state);
  const list = reviews.data ?? [];
  return (
    <section aria-labelledby="review-moderation" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="review-moderation" className="text-lg font-semibold text-ink">
            Review moderation
          </h2>
          <p className="text-sm text-muted">
            Hide what breaks the rules, keep what does not. Authors are told.
          </p>
        </div>
        <fieldset className="flex gap-2">
          <legend className="sr-only">Which reviews</legend>
          {STATES.map((option) => (
            <Button
              key={option.value}
              size="sm"
              variant={state === option.value ? 'primary' : 'outline'}
              aria-pressed={state === option.value}
              onClick={() => setState(option.value)}
            >
              {option.label}
            </Button>
          ))}
        </fieldset>
      </div>
      <ListStates
        isPending={reviews.isPending}
        isError={reviews.isError}
        isEmpty={list.length === 0}
        loadingLabel="Loading reviews..."
        errorText="The reviews could not be loaded. Please try again."
        empty={{
          icon: ShieldCheckIcon,
          title: state === 'hidden' ? 'No hidden reviews' : 'Nothing to moderate',
          text: state === 'reported' ? 'Reviews people report appear here.' : undefined,
        }}
      >
        <ul className="grid gap-3" aria-label="Reviews to moderate">
          {list.map((review) => (
            <ModerationCard
              key={review.id}
              review={review}
              onDecide={(r, decision) => setDeciding({ review: r, decision })}
            />
          ))}
        </ul>
      </ListStates>
      <DecisionDialog
        review={deciding?.review ?? null}
        decision={deciding?.decision ?? 'hide'}
        onClose={() => setDeciding(null)}
      />
    </section>
  );
}
