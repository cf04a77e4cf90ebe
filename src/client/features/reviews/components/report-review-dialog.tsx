import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useReportReview } from '../api/report-review';
import { useT, useValidationText } from '@/lib/i18n/i18n';

/** The reasons as the moderators read them (sent in English); people choose them in their language. */
const REASONS = [
  'Offensive or abusive',
  'Not about this service',
  'Shares private information',
  'Spam or fake',
  'Something else',
] as const;
const REASON_KEYS = {
  'Offensive or abusive': 'report.reasonOffensive',
  'Not about this service': 'report.reasonOffTopic',
  'Shares private information': 'report.reasonPrivate',
  'Spam or fake': 'report.reasonSpam',
  'Something else': 'report.reasonOther',
} as const;

const reportFormSchema = z
  .object({
    kind: z.enum(REASONS, { message: 'Please choose what is wrong with this review' }),
    details: z.string().trim().max(400, 'Please keep it under 400 characters'),
  })
  .refine((form) => form.kind !== 'Something else' || form.details.length >= 3, {
    message: 'Please tell us what is wrong',
    path: ['details'],
  });
type ReportForm = z.input<typeof reportFormSchema>;

/** Why a review should be looked at; the moderators read the reason (POST /api/reviews/:id/report). */
export function ReportReviewDialog({
  reviewId,
  author,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  reviewId: number;
  author: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const t = useT('reviews');
  const validationText = useValidationText();
  const report = useReportReview();
  const form = useForm<ReportForm>({
    resolver: zodResolver(reportFormSchema),
    defaultValues: { details: '' },
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset();
    report.reset();
    onOpenChange(false);
  };
  const onSubmit = form.handleSubmit(({ kind, details }) => {
    const reason = details.trim() ? `${kind}: ${details.trim()}` : kind;
    report.mutate(
      { id: reviewId, body: { reason } },
      {
        onSuccess: (answer) => {
          notify('success', t('report.done'), answer.created ? t('report.thanks') : t('report.already'));
          close();
        },
      },
    );
  });
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        title={t('report.title')}
        description={t('report.description', { author })}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <form onSubmit={onSubmit} noValidate aria-label={t('report.title')} className="grid gap-4">
          <FormError message={report.isError ? errorMessage(report.error, t('report.tryAgain')) : null} />
          <fieldset className="grid gap-1" aria-describedby={errors.kind ? 'report-kind-error' : undefined}>
            <legend className="mb-1 text-sm font-medium text-ink">{t('report.whatIsWrong')}</legend>
            {REASONS.map((reason) => (
              <label
                key={reason}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-1 text-ink"
              >
                <input
                  type="radio"
                  value={reason}
                  className="size-4 accent-primary-700"
                  {...form.register('kind')}
                />
                {t(REASON_KEYS[reason])}
              </label>
            ))}
            {errors.kind ? (
              <p id="report-kind-error" className="text-sm font-medium text-danger">
                {validationText(errors.kind.message ?? '')}
              </p>
            ) : null}
          </fieldset>
          <FormField label={t('report.details')} error={errors.details?.message}>
            <Textarea rows={3} maxLength={400} className="min-h-24" {...form.register('details')} />
          </FormField>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={close} disabled={report.isPending}>
              {t('report.cancel')}
            </Button>
            <Button type="submit" busy={report.isPending}>
              {report.isPending ? t('report.sending') : t('report.send')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
