import type { ProviderDetail } from '@shared/contract/catalog';
import type { RatingHistogram as Histogram, ReviewSort } from '@shared/contract/reviews';
import { MessageSquareTextIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { fieldClass } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { type ReviewFilter, useProviderReviews } from '../api/get-provider-reviews';
import { RatingHistogram } from './rating-histogram';
import { ReportReviewButton } from './report-review-button';
import { ReviewItem } from './review-item';
import { useT } from '@/lib/i18n/i18n';

const SORTS = [
  { value: 'recent', label: 'list.sortRecent' },
  { value: 'highest', label: 'list.sortHighest' },
  { value: 'lowest', label: 'list.sortLowest' },
] as const satisfies ReadonlyArray<{ value: ReviewSort; label: string }>;

function ReviewsSkeleton() {
  const t = useT('reviews');
  return (
    <div className="grid gap-3" role="status" aria-label={t('list.loadingLabel')}>
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

/**
 * A provider's reviews (docs/product.md §8): the average and the count per star, sort and star
 * filter, the reviews ten at a time with "Show more reviews", each with its Verified Purchase badge,
 * "Edited", photos in a lightbox and the partner's reply; signed-in visitors can report one.
 */
export function ProviderReviews({ provider }: { provider: ProviderDetail }) {
  const t = useT('reviews');
  const [filter, setFilter] = useState<ReviewFilter>({ sort: 'recent' });
  const reviews = useProviderReviews(provider.id, filter);
  const { isSignedIn } = useCurrentUser();
  const sortId = useId();
  const ratingId = useId();
  const shown = reviews.data ?? [];
  // The provider's numbers may be a few seconds older than the list (the catalog cache).
  const counted =
    filter.rating === undefined
      ? provider.reviewCount
      : provider.ratingHistogram[filter.rating as keyof Histogram];
  const total = Math.max(counted, shown.length);
  const setRating = (rating: number | undefined) =>
    setFilter((current) => (rating === undefined ? { sort: current.sort } : { sort: current.sort, rating }));

  if (provider.reviewCount === 0) {
    return (
      <div className="rounded-(--radius-card) border border-dashed border-line bg-surface p-8 text-center text-muted">
        <MessageSquareTextIcon className="mx-auto size-8 text-primary-300" aria-hidden="true" />
        <p className="mt-2">{t('list.none')}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-6 md:grid-cols-[16rem_1fr] md:items-start">
      <RatingHistogram
        rating={provider.rating}
        reviewCount={provider.reviewCount}
        histogram={provider.ratingHistogram}
        selected={filter.rating}
        onSelect={setRating}
      />
      <div className="grid gap-4">
        <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
          <div className="grid gap-1.5">
            <label htmlFor={sortId} className="text-sm font-medium text-ink">
              {t('list.sortBy')}
            </label>
            <select
              id={sortId}
              value={filter.sort}
              onChange={(event) =>
                setFilter((current) => ({ ...current, sort: event.target.value as ReviewSort }))
              }
              className={cn(fieldClass, 'sm:w-44')}
            >
              {SORTS.map((sort) => (
                <option key={sort.value} value={sort.value}>
                  {t(sort.label)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={ratingId} className="text-sm font-medium text-ink">
              {t('list.rating')}
            </label>
            <select
              id={ratingId}
              value={filter.rating ?? ''}
              onChange={(event) => setRating(event.target.value ? Number(event.target.value) : undefined)}
              className={cn(fieldClass, 'sm:w-40')}
            >
              <option value="">{t('list.allRatings')}</option>
              {[5, 4, 3, 2, 1].map((star) => (
                <option key={star} value={star}>
                  {t('list.stars', { count: star })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="text-sm text-muted" role="status" aria-live="polite">
          {reviews.isPending ? t('list.loading') : t('list.showing', { shown: shown.length, count: total })}
        </p>
        {reviews.isPending ? (
          <ReviewsSkeleton />
        ) : reviews.isError ? (
          <p
            role="alert"
            className="rounded-lg border border-danger/30 bg-danger-soft p-4 text-sm text-danger"
          >
            {t('list.error')}
          </p>
        ) : (
          <ul className="grid gap-3" aria-label={t('list.label', { name: provider.name })}>
            {shown.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                replyLabel={t('list.responseFrom', { name: provider.name })}
                actions={
                  isSignedIn ? (
                    <ReportReviewButton reviewId={review.id} author={review.user.fullName} />
                  ) : null
                }
              />
            ))}
          </ul>
        )}
        {reviews.hasNextPage ? (
          <Button
            variant="outline"
            className="justify-self-center"
            busy={reviews.isFetchingNextPage}
            onClick={() => void reviews.fetchNextPage()}
          >
            {reviews.isFetchingNextPage ? t('list.loadingMore') : t('list.showMore')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
