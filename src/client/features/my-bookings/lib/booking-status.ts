import type { Booking } from '@shared/contract/bookings';

export type StatusTone = 'success' | 'info' | 'danger' | 'warning' | 'neutral';

export type StatusBadge = { label: string; tone: StatusTone };

const KNOWN: Record<string, StatusBadge> = {
  confirmed: { label: 'Confirmed', tone: 'success' },
  completed: { label: 'Completed', tone: 'info' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
  pending: { label: 'Pending', tone: 'warning' },
  awaiting_payment: { label: 'Awaiting Payment', tone: 'warning' },
  waiting_payment: { label: 'Awaiting Payment', tone: 'warning' },
  payment_pending: { label: 'Payment Pending', tone: 'warning' },
  expired: { label: 'Expired', tone: 'neutral' },
};

/** The badge of a booking status: confirmed green, completed blue, cancelled red, pending styles amber. */
export function statusBadge(status: string): StatusBadge {
  const known = KNOWN[status];
  if (known) return known;
  const label = status.replace(/_/g, ' ').replace(/^\p{L}/u, (c) => c.toUpperCase());
  return { label: label || 'Unknown', tone: 'neutral' };
}

export const TONE_CLASSES: Record<StatusTone, string> = {
  success: 'bg-primary-50 text-primary-800 ring-1 ring-primary-200',
  info: 'bg-sky-50 text-sky-800 ring-1 ring-sky-200',
  danger: 'bg-danger-soft text-danger ring-1 ring-danger/20',
  warning: 'bg-accent-50 text-accent-700 ring-1 ring-accent-200',
  neutral: 'bg-sand text-ink',
};

/** Reschedule is offered unless the booking is cancelled or completed. */
export function canReschedule(booking: Pick<Booking, 'status'>): boolean {
  return booking.status !== 'cancelled' && booking.status !== 'completed';
}
