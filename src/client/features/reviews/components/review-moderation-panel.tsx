import type { AdminReview, ReviewDecision } from '@shared/contract/reviews';
import { EyeIcon, EyeOffIcon, FlagIcon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListStates } from '@/components/ui/list-states';
import { type ModerationState, useModerationReviews } from '../api/admin-reviews';
import { DecisionDialog } from './decision-dialog';
import { ReviewItem } from './review-item';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { RichText } from '@/lib/i18n/rich-text';

const STATES: ModerationState[] = ['reported', 'hidden', 'all'];

function ModerationCard({
  review,
  onDecide,
}: {
  review: AdminReview;
  onDecide: (review: AdminReview, decision: ReviewDecision) => void;
}) {
  const t = useT('admin');
  const format = useFormat();
  const open = review.openReports.length;
  return (
    <ReviewItem
      review={review}
      replyLabel={t('moderation.response', { name: review.provider.name })}
      badges={
        <>
          {review.hidden ? <Badge variant="important">{t('moderation.hidden')}</Badge> : null}
          {open > 0 ? (
            <Badge variant="update">
              <FlagIcon aria-hidden="true" />
              {t('moderation.openReports', { count: open })}
            </Badge>
          ) : null}
        </>
      }
      actions={
        review.hidden ? (
          <Button size="sm" variant="outline" onClick={() => onDecide(review, 'restore')}>
            <EyeIcon aria-hidden="true" />
            {t('moderation.restore')}
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
              {t('moderation.hide')}
            </Button>
            {open > 0 ? (
              <Button size="sm" variant="outline" onClick={() => onDecide(review, 'keep')}>
                <ShieldCheckIcon aria-hidden="true" />
                {t('moderation.keep')}
              </Button>
            ) : null}
          </>
        )
      }
    >
      <p className="mt-3 text-sm text-muted">
        <RichText
          ns="admin"
          k="moderation.reviewOf"
          values={{ name: review.provider.name, count: review.reportCount }}
          components={[
            <Link
              key="provider"
              to={`/provider/${review.provider.id}`}
              className="font-medium text-primary-700 underline"
            />,
          ]}
        />
      </p>
      {open > 0 ? (
        <div className="mt-3 rounded-lg bg-sand p-3">
          <p className="text-sm font-semibold text-ink">{t('moderation.openReportsTitle')}</p>
          <ul className="mt-1 grid gap-1 text-sm text-ink">
            {review.openReports.map((report) => (
              <li key={`${report.createdAt}-${report.reason}`}>
                <time dateTime={report.createdAt} className="text-muted">
                  {format.date(report.createdAt)}
                </time>
                {`: ${report.reason}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {review.decisions.length > 0 ? (
        <div className="mt-3">
          <p className="text-sm font-semibold text-ink">{t('moderation.decisions')}</p>
          <ul className="mt-1 grid gap-1 text-sm text-muted">
            {review.decisions.map((d) => (
              <li key={`${d.createdAt}-${d.decision}`}>
                <RichText
                  ns="admin"
                  k="moderation.decided"
                  values={{
                    decision: d.decision,
                    admin: d.adminName,
                    date: format.date(d.createdAt),
                    reason: d.reason,
                  }}
                  components={[<time key="at" dateTime={d.createdAt} />]}
                />
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
  const t = useT('admin');
  const [state, setState] = useState<ModerationState>('reported');
  const [deciding, setDeciding] = useState<{ review: AdminReview; decision: ReviewDecision } | null>(null);
  const reviews = useModerationReviews(state);
  const list = reviews.data ?? [];
  return (
    <section aria-labelledby="review-moderation" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="review-moderation" className="text-lg font-semibold text-ink">
            {t('moderation.title')}
          </h2>
          <p className="text-sm text-muted">{t('moderation.intro')}</p>
        </div>
        <fieldset className="flex gap-2">
          <legend className="sr-only">{t('moderation.which')}</legend>
          {STATES.map((option) => (
            <Button
              key={option}
              size="sm"
              variant={state === option ? 'primary' : 'outline'}
              aria-pressed={state === option}
              onClick={() => setState(option)}
            >
              {t(`moderation.state.${option}`)}
            </Button>
          ))}
        </fieldset>
      </div>
      <ListStates
        isPending={reviews.isPending}
        isError={reviews.isError}
        isEmpty={list.length === 0}
        loadingLabel={t('moderation.loading')}
        errorText={t('moderation.loadFailed')}
        empty={{
          icon: ShieldCheckIcon,
          title: state === 'hidden' ? t('moderation.noHidden') : t('moderation.nothing'),
          text: state === 'reported' ? t('moderation.reportedHere') : undefined,
        }}
      >
        <ul className="grid gap-3" aria-label={t('moderation.list')}>
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
