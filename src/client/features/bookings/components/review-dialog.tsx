import { zodResolver } from '@hookform/resolvers/zod';
import type { CustomerBooking } from '@shared/contract/bookings';
import { type ReviewBody, reviewBodySchema } from '@shared/contract/reviews';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { type PickedPhoto, ReviewPhotoPicker } from '@/features/reviews/writing';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useReviewBooking } from '../api/review-booking';
import { EditReviewForm } from './edit-review-form';
import { StarRatingInput } from './star-rating-input';
import { useT } from '@/lib/i18n/i18n';

/**
 * Leave a review: a star rating (radio buttons: arrow keys move between them, a screen reader reads
 * each one), a comment and up to 4 photos. The review is verified: it comes from this booking. A
 * booking already reviewed opens its review instead, which its author may change for 48 hours.
 */
export function ReviewDialog({
  booking,
  onOpenChange,
}: {
  booking: CustomerBooking | null;
  onOpenChange: (open: boolean) => void;
}) {
  const editing = booking?.reviewId != null;
  const t = useT('mybookings');
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open ? undefined : onOpenChange(false))}>
      {booking ? (
        <DialogContent
          title={editing ? t('review.yourReview') : t('review.leave')}
          description={t('common.serviceWith', {
            service: booking.serviceTitle,
            provider: booking.providerName,
          })}
        >
          {editing ? (
            <EditReviewForm reviewId={booking.reviewId!} onDone={() => onOpenChange(false)} />
          ) : (
            <NewReviewForm booking={booking} onDone={() => onOpenChange(false)} />
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function NewReviewForm({ booking, onDone }: { booking: CustomerBooking; onDone: () => void }) {
  const submit = useReviewBooking();
  const t = useT('mybookings');
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const form = useForm<ReviewBody>({
    resolver: zodResolver(reviewBodySchema),
    defaultValues: { rating: 0, comment: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    submit.mutate(
      { id: booking.id, body: { ...body, photos: photos.map((p) => p.id) } },
      {
        onSuccess: () => {
          notify(
            'success',
            t('review.thanksTitle'),
            t('review.thanksText', { provider: booking.providerName }),
          );
          onDone();
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('review.leave')} className="grid gap-4">
      <FormError message={submit.isError ? errorMessage(submit.error, t('common.tryAgain')) : null} />
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            value={Number(field.value)}
            onChange={field.onChange}
            error={errors.rating?.message}
            inputRef={field.ref}
          />
        )}
      />
      <FormField label={t('review.comment')} error={errors.comment?.message} hint={t('review.commentHint')}>
        <Textarea rows={4} maxLength={2000} {...form.register('comment')} />
      </FormField>
      <ReviewPhotoPicker photos={photos} onChange={setPhotos} onBusyChange={setUploading} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={submit.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={submit.isPending || uploading}>
          {submit.isPending ? t('review.sending') : t('review.post')}
        </Button>
      </div>
    </form>
  );
}
