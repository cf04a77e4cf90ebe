import type { PartnerReview } from '@shared/contract/reviews';
import { MessageSquareIcon, PencilIcon, ReplyIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListStates } from '@/components/ui/list-states';
import { usePartnerReviews } from '../api/partner-reviews';
import { ReplyForm } from './reply-form';
import { ReviewItem } from './review-item';
import { useT } from '@/lib/i18n/i18n';

function PartnerReviewCard({ review }: { review: PartnerReview }) {
  const t = useT('partner');
  const [replying, setReplying] = useState(false);
  return (
    <ReviewItem
      review={review}
      replyLabel={t('reviews.yourReply')}
      className={review.needsReply ? 'border-accent-300' : undefined}
      badges={review.needsReply ? <Badge variant="update">{t('reviews.needsReply')}</Badge> : null}
      actions={
        replying ? null : (
          <Button
            variant={review.reply ? 'outline' : 'primary'}
            size="sm"
            onClick={() => setReplying(true)}
            aria-label={t(review.reply ? 'reviews.editReplyTo' : 'reviews.replyTo', {
              name: review.user.fullName,
            })}
          >
            {review.reply ? <PencilIcon aria-hidden="true" /> : <ReplyIcon aria-hidden="true" />}
            {review.reply ? t('reviews.editReply') : t('reviews.reply')}
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
  const t = useT('partner');
  const reviews = usePartnerReviews();
  const list = reviews.data ?? [];
  const waiting = list.filter((r) => r.needsReply).length;
  return (
    <section aria-labelledby="partner-reviews" className="grid gap-4">
      <div>
        <h2 id="partner-reviews" className="text-lg font-semibold text-ink">
          {t('tab.reviews')}
        </h2>
        <p className="text-sm text-muted" role="status">
          {reviews.isPending
            ? t('reviews.loadingYours')
            : waiting === 0
              ? t('reviews.allReplied')
              : t('reviews.waiting', { count: waiting })}
        </p>
      </div>
      <ListStates
        isPending={reviews.isPending}
        isError={reviews.isError}
        isEmpty={list.length === 0}
        loadingLabel={t('reviews.loading')}
        errorText={t('reviews.loadFailed')}
        empty={{
          icon: MessageSquareIcon,
          title: t('reviews.emptyTitle'),
          text: t('reviews.emptyText'),
        }}
      >
        <ul className="grid gap-3" aria-label={t('reviews.listLabel')}>
          {list.map((review) => (
            <PartnerReviewCard key={review.id} review={review} />
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
