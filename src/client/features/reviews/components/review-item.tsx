import type { Review } from '@shared/contract/reviews';
import { BadgeCheckIcon, MessageSquareReplyIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { RatingStars } from '@/components/ui/rating-stars';
import { cn } from '@/lib/cn';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { ReviewPhotos } from './review-photos';

/** The partner's public answer, under the review. */
export function ReviewReply({ reply, label }: { reply: NonNullable<Review['reply']>; label: string }) {
  const format = useFormat();
  return (
    <div className="mt-3 rounded-lg border-l-4 border-primary-300 bg-primary-50 p-3">
      <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold text-primary-900">
        <MessageSquareReplyIcon className="size-4" aria-hidden="true" />
        {label}
        <span className="font-normal text-primary-800">
          <time dateTime={reply.createdAt}>{format.date(reply.createdAt)}</time>
        </span>
      </p>
      <p className="mt-1 whitespace-pre-line text-sm text-ink">{reply.text}</p>
    </div>
  );
}

/**
 * One review as every screen shows it (spec: stars, comment, date, the author's name, a Verified
 * Purchase badge when it has a booking, photos), with "Edited" and the partner's reply.
 */
export function ReviewItem({
  review,
  replyLabel,
  badges,
  showReply = true,
  actions,
  className,
  children,
}: {
  review: Review;
  /** Above the partner's reply: "Response from Maple Leaf Maids", or "Your reply" for the partner. */
  replyLabel: string;
  /** Extra badges beside the author (e.g. "Needs a reply", "Hidden"). */
  badges?: ReactNode;
  showReply?: boolean;
  /** Buttons under the review (report, reply, moderate). */
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const t = useT('reviews');
  const format = useFormat();
  return (
    <li className={cn('rounded-(--radius-card) border border-line bg-surface p-4', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="inline-flex size-10 items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-800"
          >
            {review.user.fullName.charAt(0).toUpperCase()}
          </span>
          <div>
            <p className="font-semibold text-ink">{review.user.fullName}</p>
            <p className="text-sm text-muted">
              <time dateTime={review.createdAt}>{format.date(review.createdAt)}</time>
              {review.edited ? <span> · {t('item.edited')}</span> : null}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {badges}
          {review.verified ? (
            <Badge variant="verified">
              <BadgeCheckIcon aria-hidden="true" />
              {t('item.verified')}
            </Badge>
          ) : null}
        </div>
      </div>
      <RatingStars rating={review.rating} className="mt-3" />
      <p className="mt-2 whitespace-pre-line text-ink">{review.comment}</p>
      <ReviewPhotos photos={review.photos} author={review.user.fullName} />
      {review.videos.length > 0 ? (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2" aria-label={t('item.videos')}>
          {review.videos.map((video) => (
            <li key={video}>
              {/* biome-ignore lint/a11y/useMediaCaption: customer videos come without captions */}
              <video
                src={video}
                controls
                preload="none"
                width={320}
                height={180}
                className="w-full rounded-lg"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {showReply && review.reply ? <ReviewReply reply={review.reply} label={replyLabel} /> : null}
      {children}
      {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions}</div> : null}
    </li>
  );
}
