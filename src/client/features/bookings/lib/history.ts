import type { BookingEvent } from '@shared/contract/bookings';
import type { Translate } from '@/lib/i18n/i18n';

/** One line per step of a booking's history, as the customer reads it (times in Toronto, "ET"). */

type Format = {
  money: (cents: number) => string;
  bookedTime: (instant: string) => string;
};

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The line in the page's language: `t` reads the `mybookings` catalog, `format` is `useFormat()`'s. */
export function historyLine(event: BookingEvent, t: Translate<'mybookings'>, format: Format): string {
  const d = event.details;
  switch (event.kind) {
    case 'paid':
      return t('history.paid', { amount: format.money(Number(d.amountCents ?? 0)) });
    case 'rescheduled':
      return t('history.rescheduled', {
        from: format.bookedTime(text(d.from)),
        to: format.bookedTime(text(d.to)),
      });
    case 'cancelled':
      return d.reason
        ? t('history.cancelledWithReason', { who: event.actor, reason: text(d.reason) })
        : t('history.cancelled', { who: event.actor });
    case 'refunded': {
      const amount = format.money(Number(d.amountCents ?? 0));
      return d.percent === undefined || d.percent === null
        ? t('history.refunded', { amount })
        : t('history.refundedPercent', { amount, percent: text(d.percent) });
    }
    case 'no_show':
      return t('history.noShow');
    case 'dispute_opened':
      return t('history.disputeOpened');
    case 'dispute_resolved':
      return d.outcome === 'refunded' ? t('history.disputeRefunded') : t('history.disputeCompleted');
    case 'completed':
      return event.actor === 'partner' ? t('history.completedByPartner') : t('history.completed');
  }
}
