import type { PartnerReview } from '@shared/contract/reviews';
import { MessageSquareIcon, PencilIcon, ReplyIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListStates } from '@/components/ui/list-states';
import { usePartnerReviews } from '../api/partner-reviews';
import { ReplyForm } from './reply-form';
import { ReviewItem } from './review-item';

function PartnerReviewCard({ review }: { review: PartnerReview }) {
  const [replying, setReplying] = useState(false);
  return (
    <ReviewItem
      review={review}
      replyLabel="Your reply"
      className={review.needsReply ? 'border-accent-300' : undefined}
      badges={review.needsReply ? <Badge variant="update">Needs a reply</Badge> : null}
      actions={
        replying ? null : (
          <Button
            variant={review.reply ? 'outline' : 'primary'}
            size="sm"
            onClick={() => setReplying(true)}
            aria-label={`${review.reply ? 'Edit reply' : 'Reply'} to ${review.user.fullName}`}
          >
            {review.reply ? <PencilIcon aria-hidden="true" /> : <ReplyIcon aria-hidden="true" />}
            {review.reply ? 'Edit reply' : 'Reply'}
          </Button>
        )
      }
    >
      {replying ? <ReplyForm review={review} onDone={() => setReplying(false)} /> : null}
    </ReviewItem>
  );
}

/**
 * The partner dashboard's Reviews tab: the listing's reviews, newest first; the ones without an answer
 * are marked, and each gets one public reply the partner can change.
 */
export function PartnerReviewsTab() {
  const reviews = usePartnerReviews();
  const list = reviews.data ?? [];
  const waiting = list.filter((r) => r.needsReply).length;
  return (
    <section aria-labelledby="partner-reviews" className="grid gap-4">
      <div>
        <h2 id="partner-reviews" className="text-lg font-semibold text-ink">
          Reviews
        </h2>
        <p className="text-sm text-muted" role="status">
          {reviews.isPending
            ? 'Loading your reviews...'
            : waiting === 0
              ? 'Every review has your reply.'
              : `${waiting} ${waiting === 1 ? 'review needs' : 'reviews need'} a reply.`}
        </p>
      </div>
      <ListStates
        isPending={reviews.isPending}
        isError={reviews.isError}
        isEmpty={list.length === 0}
        loadingLabel="Loading reviews..."
        errorText="Your reviews could not be loaded. Please try again."
        empty={{
          icon: MessageSquareIcon,
          title: 'No reviews yet',
          text: 'Customers can review a booking once it is completed.',
        }}
      >
        <ul className="grid gap-3" aria-label="Reviews of your listing, newest first">
          {list.map((review) => (
            <PartnerReviewCard key={review.id} review={review} />
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
