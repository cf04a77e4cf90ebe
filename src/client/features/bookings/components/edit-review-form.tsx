import { zodResolver } from '@hookform/resolvers/zod';
import { type OwnReview, type ReviewEditBody, reviewEditBodySchema } from '@shared/contract/reviews';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { RatingStars } from '@/components/ui/rating-stars';
import { Textarea } from '@/components/ui/textarea';
import { useEditReview, useOwnReview } from '@/features/reviews/writing';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { StarRatingInput } from './star-rating-input';
import { useFormat, useT } from '@/lib/i18n/i18n';

/**
 * The author's review of a booking: changed (rating and comment) within 48 hours of posting, after
 * which it is shown as posted; a review hidden by the moderators says so.
 */
export function EditReviewForm({ reviewId, onDone }: { reviewId: number; onDone: () => void }) {
  const review = useOwnReview(reviewId);
  const t = useT('mybookings');
  if (review.isPending) return <p role="status">{t('review.loading')}</p>;
  if (review.isError) return <FormError message={errorMessage(review.error, t('review.loadFailed'))} />;
  const data = review.data;
  const editable = !data.hidden && Date.now() < Date.parse(data.editableUntil);
  if (!editable)
    return (
      <div className="grid gap-3">
        <RatingStars rating={data.rating} />
        <p className="whitespace-pre-line text-ink">{data.comment}</p>
        <p role="status" className="rounded-lg bg-sand p-3 text-sm text-ink">
          {data.hidden ? t('review.hidden') : t('review.locked')}
        </p>
        <Button variant="outline" className="justify-self-end" onClick={onDone}>
          {t('review.close')}
        </Button>
      </div>
    );
  return <EditableReview review={data} onDone={onDone} />;
}

function EditableReview({ review, onDone }: { review: OwnReview; onDone: () => void }) {
  const edit = useEditReview();
  const t = useT('mybookings');
  const format = useFormat();
  const form = useForm<ReviewEditBody>({
    resolver: zodResolver(reviewEditBodySchema),
    defaultValues: { rating: review.rating, comment: review.comment },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    edit.mutate(
      { id: review.id, body },
      {
        onSuccess: () => {
          notify('success', t('review.updatedTitle'), t('review.updatedText'));
          onDone();
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('review.editLabel')} className="grid gap-4">
      <p className="text-sm text-muted">
        {t('review.editUntil', { date: format.bookedTime(review.editableUntil) })}
      </p>
      <FormError message={edit.isError ? errorMessage(edit.error, t('common.tryAgain')) : null} />
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
      <FormField label={t('review.comment')} error={errors.comment?.message}>
        <Textarea rows={4} maxLength={2000} {...form.register('comment')} />
      </FormField>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={edit.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={edit.isPending}>
          {edit.isPending ? t('review.saving') : t('review.save')}
        </Button>
      </div>
    </form>
  );
}
