import { zodResolver } from '@hookform/resolvers/zod';
import { type PartnerReview, type ReviewReplyBody, reviewReplyBodySchema } from '@shared/contract/reviews';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useReplyToReview } from '../api/partner-reviews';
import { useT } from '@/lib/i18n/i18n';

/** The partner's public reply to one review: written once, changed later (the contract's rules). */
export function ReplyForm({ review, onDone }: { review: PartnerReview; onDone: () => void }) {
  const t = useT('partner');
  const reply = useReplyToReview();
  const form = useForm<ReviewReplyBody>({
    resolver: zodResolver(reviewReplyBodySchema),
    defaultValues: { text: review.reply?.text ?? '' },
  });
  const onSubmit = form.handleSubmit((body) =>
    reply.mutate(
      { id: review.id, body },
      {
        onSuccess: () => {
          notify(
            'success',
            review.reply ? t('reviews.replyUpdated') : t('reviews.replyPosted'),
            t('reviews.replyShown'),
          );
          onDone();
        },
      },
    ),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('reviews.replyTo', { name: review.user.fullName })}
      className="mt-3 grid gap-3"
    >
      <FormError message={reply.isError ? errorMessage(reply.error, t('toast.tryAgain')) : null} />
      <FormField
        label={t('reviews.publicReply', { name: review.user.fullName })}
        error={form.formState.errors.text?.message}
        hint={t('reviews.publicReplyHint')}
      >
        <Textarea rows={3} maxLength={1000} className="min-h-24" {...form.register('text')} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={reply.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" size="sm" busy={reply.isPending}>
          {reply.isPending ? t('saving') : review.reply ? t('reviews.saveReply') : t('reviews.postReply')}
        </Button>
      </div>
    </form>
  );
}
