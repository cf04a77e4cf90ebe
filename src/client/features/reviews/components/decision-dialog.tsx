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

const COPY: Record<ReviewDecision, { title: string; action: string; done: string; hint: string }> = {
  hide: {
    title: 'Hide this review',
    action: 'Hide review',
    done: 'Review hidden',
    hint: 'The author receives this reason by e-mail. The review leaves the page and the rating.',
  },
  keep: {
    title: 'Keep this review',
    action: 'Keep review',
    done: 'Review kept',
    hint: 'The open reports are dismissed; the review stays on the page.',
  },
  restore: {
    title: 'Restore this review',
    action: 'Restore review',
    done: 'Review restored',
    hint: 'The author receives this reason by e-mail. The review and its rating count again.',
  },
};

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
  const decide = useDecideReview();
  const form = useForm<ReviewDecisionBody>({
    resolver: zodResolver(reviewDecisionBodySchema),
    defaultValues: { reason: '' },
  });
  const copy = COPY[decision];
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
          notify('success', copy.done, `${review.user.fullName}'s review of ${review.provider.name}.`);
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
          description={`${review.user.fullName}'s review of ${review.provider.name}`}
        >
          <form onSubmit={onSubmit} noValidate aria-label={copy.title} className="grid gap-4">
            <FormError message={decide.isError ? errorMessage(decide.error, 'Please try again.') : null} />
            <FormField label="Reason" error={form.formState.errors.reason?.message} hint={copy.hint}>
              <Textarea rows={3} maxLength={500} className="min-h-24" {...form.register('reason')} />
            </FormField>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={close} disabled={decide.isPending}>
                Cancel
              </Button>
              <Button type="submit" busy={decide.isPending}>
                {decide.isPending ? 'Saving...' : copy.action}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
