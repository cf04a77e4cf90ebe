import { zodResolver } from '@hookform/resolvers/zod';
import type { CustomerBooking } from '@shared/contract/bookings';
import { type ReviewBody, reviewBodySchema } from '@shared/contract/reviews';
import { StarIcon } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useReviewBooking } from '../api/review-booking';

const LABELS = ['1 star: poor', '2 stars: fair', '3 stars: good', '4 stars: very good', '5 stars: excellent'];

/**
 * Leave a review: a star rating (radio buttons: arrow keys move between them, a screen reader reads
 * each one) and a comment. The review is verified: it comes from this booking.
 */
export function ReviewDialog({
  booking,
  onOpenChange,
}: {
  booking: CustomerBooking | null;
  onOpenChange: (open: boolean) => void;
}) {
  const submit = useReviewBooking();
  const form = useForm<ReviewBody>({
    resolver: zodResolver(reviewBodySchema),
    defaultValues: { rating: 0, comment: '' },
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset();
    submit.reset();
    onOpenChange(false);
  };
  const onSubmit = form.handleSubmit((body) => {
    if (!booking) return;
    submit.mutate(
      { id: booking.id, body },
      {
        onSuccess: () => {
          notify('success', 'Thank you for your review', `It now appears on ${booking.providerName}'s page.`);
          close();
        },
      },
    );
  });
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {booking ? (
        <DialogContent
          title="Leave a review"
          description={`${booking.serviceTitle} with ${booking.providerName}`}
        >
          <form onSubmit={onSubmit} noValidate aria-label="Leave a review" className="grid gap-4">
            <FormError message={submit.isError ? errorMessage(submit.error, 'Please try again.') : null} />
            <Controller
              control={form.control}
              name="rating"
              render={({ field }) => (
                <fieldset className="grid gap-1.5">
                  <legend className="mb-1 text-sm font-medium text-ink">Your rating</legend>
                  <div className="flex gap-1">
                    {[1, 2, 3, 4, 5].map((star) => {
                      const on = Number(field.value) >= star;
                      return (
                        <label
                          key={star}
                          className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-400"
                        >
                          <input
                            type="radio"
                            name="rating"
                            value={star}
                            checked={Number(field.value) === star}
                            onChange={() => field.onChange(star)}
                            className="sr-only"
                            aria-label={LABELS[star - 1]}
                          />
                          <StarIcon
                            aria-hidden="true"
                            className={cn('size-8', on ? 'fill-accent-400 text-accent-500' : 'text-line')}
                          />
                        </label>
                      );
                    })}
                  </div>
                  {errors.rating ? (
                    <p className="text-sm font-medium text-danger">{errors.rating.message}</p>
                  ) : null}
                </fieldset>
              )}
            />
            <FormField
              label="Your review"
              error={errors.comment?.message}
              hint="What went well, what could be better."
            >
              <Textarea rows={4} maxLength={2000} {...form.register('comment')} />
            </FormField>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={close} disabled={submit.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={submit.isPending}>
                {submit.isPending ? 'Sending...' : 'Post Review'}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
