import type { BookingEvent } from '@shared/contract/bookings';
import { formatCents } from '@shared/domain/money';
import { formatBookedTime } from '@shared/domain/dates';

/** One line per step of a booking's history, as the customer reads it (times in Toronto, "ET"). */

const WHO: Record<BookingEvent['actor'], string> = {
  customer: 'you',
  partner: 'the professional',
  admin: 'Trillium',
  system: 'Trillium',
};

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function historyLine(event: BookingEvent): string {
  const d = event.details;
  switch (event.kind) {
    case 'paid':
      return `Paid ${formatCents(Number(d.amountCents ?? 0))}`;
    case 'rescheduled':
      return `Moved from ${formatBookedTime(text(d.from))} to ${formatBookedTime(text(d.to))}`;
    case 'cancelled':
      return `Cancelled by ${WHO[event.actor]}${d.reason ? `: "${text(d.reason)}"` : ''}`;
    case 'refunded': {
      const percent = d.percent === undefined || d.percent === null ? '' : ` (${text(d.percent)}%)`;
      return `Refund of ${formatCents(Number(d.amountCents ?? 0))}${percent} to your card`;
    }
    case 'no_show':
      return 'Marked as a no-show by the professional';
    case 'dispute_opened':
      return 'You reported that the professional did not come';
    case 'dispute_resolved':
      return d.outcome === 'refunded'
        ? 'Trillium reviewed your report: refunded in full'
        : 'Trillium reviewed your report: counted as completed';
    case 'completed':
      return event.actor === 'partner' ? 'Marked completed by the professional' : 'Completed';
  }
}
