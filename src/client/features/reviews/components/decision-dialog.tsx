import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminReview,
  type ReviewDecision,
  type ReviewDecisionBody,
  reviewDecisionBodySchema,
} from '@shared/contract/reviews';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useDecideReview } from '../api/admin-reviews';
import { useT } from '@/lib/i18n/i18n';

/** Hide, keep or restore a review with a reason, recorded with the admin's name and the time. */
export function DecisionDialog({
  review,
  decision,
  onClose,
}: {
  review: AdminReview | null;
  decision: ReviewDecision;
  onClose: () => void;
}) {
  const t = useT('admin');
  const decide = useDecideReview();
  const form = useForm<ReviewDecisionBody>({
    resolver: zodResolver(reviewDecisionBodySchema),
    defaultValues: { reason: '' },
  });
  const copy = {
    title: t(`moderation.${decision}.title`),
    action: t(`moderation.${decision}.action`),
    done: t(`moderation.${decision}.done`),
    hint: t(`moderation.${decision}.hint`),
  };
  const close = () => {
    form.reset();
    decide.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((body) => {
    if (!review) return;
    decide.mutate(
      { id: review.id, decision, body },
      {
        onSuccess: () => {
          notify(
            'success',
            copy.done,
            `${t('moderation.whose', { author: review.user.fullName, name: review.provider.name })}.`,
          );
          close();
        },
      },
    );
  });
  return (
    <Dialog open={review !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {review ? (
        <DialogContent
          title={copy.title}
          description={t('moderation.whose', { author: review.user.fullName, name: review.provider.name })}
        >
          <form onSubmit={onSubmit} noValidate aria-label={copy.title} className="grid gap-4">
            <FormError message={decide.isError ? errorMessage(decide.error, t('tryAgain')) : null} />
            <FormField
              label={t('moderation.reason')}
              error={form.formState.errors.reason?.message}
              hint={copy.hint}
            >
              <Textarea rows={3} maxLength={500} className="min-h-24" {...form.register('reason')} />
            </FormField>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={close} disabled={decide.isPending}>
                {t('cancel')}
              </Button>
              <Button type="submit" busy={decide.isPending}>
                {decide.isPending ? t('saving') : copy.action}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
