import type { CustomerBooking } from '@shared/contract/bookings';
import { type RefundQuote, refundPreviewParts } from '@shared/domain/cancellation-policy';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useCancelBooking } from '../api/booking-actions';
import { useFormat, useT } from '@/lib/i18n/i18n';

/**
 * Cancel Booking: states the refund in dollars and why before anything happens (the server's quote for
 * now, by the booking's own policy), takes an optional reason, then cancels.
 */
export function CancelBookingDialog({
  booking,
  onOpenChange,
}: {
  booking: CustomerBooking | null;
  onOpenChange: (open: boolean) => void;
}) {
  const cancel = useCancelBooking();
  const t = useT('mybookings');
  const policyT = useT('policy');
  const format = useFormat();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const quote = booking?.refundIfCancelledNow ?? null;
  const close = () => {
    setReason('');
    onOpenChange(false);
  };
  const confirm = () => {
    if (!booking) return;
    cancel.mutate(
      { id: booking.id, reason },
      {
        onSuccess: (cancelled) => {
          notify(
            'success',
            t('cancel.doneTitle'),
            cancelled.refundAmount > 0
              ? t('cancel.doneRefund', { amount: format.money(cancelled.refundAmount) })
              : t('cancel.doneNoRefund', {
                  service: cancelled.serviceTitle,
                  provider: cancelled.providerName,
                }),
          );
          close();
        },
        onError: (error) => notify('error', t('cancel.failed'), errorMessage(error, t('common.tryAgain'))),
      },
    );
  };
  // What cancelling now gives back, and why (the shared rules' facts, said in the page's language).
  const refundSentence = (
    policy: CustomerBooking['cancellationPolicy'],
    refund: Pick<RefundQuote, 'percent' | 'amountCents' | 'reason'>,
  ) => {
    const amount = format.money(refund.amountCents);
    const parts = refundPreviewParts(policy, refund);
    if (parts.kind === 'grace') return t('refund.grace', { amount });
    if (parts.kind === 'not_customer') return t('refund.full', { amount });
    const { side, count, unit } = parts;
    return parts.kind === 'none'
      ? t('refund.none', { side, count, unit, policy: policyT(`policy.${policy}.name`) })
      : t('refund.some', { amount, percent: refund.percent, side, count, unit });
  };
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {booking ? (
        <DialogContent
          title={t('cancel.title')}
          description={t('common.serviceWithAt', {
            service: booking.serviceTitle,
            provider: booking.providerName,
            date: format.bookedTime(booking.serviceDate),
          })}
        >
          {quote ? (
            <div
              className="rounded-lg border border-accent-200 bg-accent-50 p-3 text-sm text-ink"
              data-testid="refund-preview"
            >
              <p className="font-semibold">{refundSentence(booking.cancellationPolicy, quote)}</p>
              {quote.dropsAt ? (
                <p className="mt-1 text-muted">
                  {t('cancel.dropsAt', { date: format.bookedTime(quote.dropsAt) })}
                </p>
              ) : null}
              <p className="mt-1 text-muted">
                {t('cancel.policy', {
                  name: policyT(`policy.${booking.cancellationPolicy}.name`),
                  summary: policyT(`policy.${booking.cancellationPolicy}.summary`),
                })}
              </p>
            </div>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor={reasonId}>{t('cancel.reason')}</Label>
            <Textarea
              id={reasonId}
              value={reason}
              maxLength={500}
              rows={3}
              onChange={(event) => setReason(event.target.value)}
              placeholder={t('cancel.reasonPlaceholder', { provider: booking.providerName })}
            />
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={cancel.isPending}>
              {t('cancel.keep')}
            </Button>
            <Button
              className="bg-danger text-white hover:bg-danger/90"
              onClick={confirm}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? t('cancel.cancelling') : t('cancel.confirm')}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
