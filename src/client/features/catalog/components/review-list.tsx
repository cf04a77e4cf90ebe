import type { Review } from '@shared/contract/reviews';
import { BadgeCheckIcon, MessageSquareTextIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { RatingStars } from '@/components/ui/rating-stars';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/dates';
import { swapToFallback } from '@/lib/images';
import { useProviderReviews } from '../api/get-provider-reviews';

function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="rounded-(--radius-card) border border-line bg-surface p-4">
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
              <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            </p>
          </div>
        </div>
        {review.bookingId !== null ? (
          <Badge variant="verified">
            <BadgeCheckIcon aria-hidden="true" />
            Verified Purchase
          </Badge>
        ) : null}
      </div>
      <RatingStars rating={review.rating} className="mt-3" />
      <p className="mt-2 text-ink">{review.comment}</p>
      {review.photos.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos">
          {review.photos.map((photo, index) => (
            <li key={photo}>
              <a href={photo} target="_blank" rel="noreferrer" className="block rounded-lg">
                <img
                  src={photo}
                  alt={`Shared by ${review.user.fullName} (${index + 1} of ${review.photos.length})`}
                  width={96}
                  height={96}
                  loading="lazy"
                  className="size-24 rounded-lg object-cover ring-1 ring-line"
                  onError={swapToFallback}
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.videos.length > 0 ? (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2" aria-label="Videos">
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
    </li>
  );
}

/** A provider's reviews, newest first. */
export function ReviewList({ providerId }: { providerId: number }) {
  const reviews = useProviderReviews(providerId);
  if (reviews.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading reviews">
        {[0, 1].map((key) => (
          <div key={key} className="rounded-(--radius-card) border border-line bg-surface p-4">
            <div className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-full" />
              <div className="space-y-2">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-3 w-24" />
              </div>
            </div>
            <Skeleton className="mt-3 h-4 w-24" />
            <Skeleton className="mt-3 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-2/3" />
          </div>
        ))}
      </div>
    );
  }
  const items = reviews.data ?? [];
  if (items.length === 0) {
    return (
      <div className="rounded-(--radius-card) border border-dashed border-line bg-surface p-8 text-center text-muted">
        <MessageSquareTextIcon className="mx-auto size-8 text-primary-300" aria-hidden="true" />
        <p className="mt-2">No reviews yet. Book this provider and be the first to share your experience.</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3">
      {items.map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
    </ul>
  );
}
