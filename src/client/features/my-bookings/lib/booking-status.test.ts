import { describe, expect, it } from 'vitest';
import { canReschedule, statusBadge } from './booking-status';

describe('booking status badges', () => {
  it('maps the statuses to labels and tones', () => {
    expect(statusBadge('confirmed')).toEqual({ label: 'Confirmed', tone: 'success' });
    expect(statusBadge('completed')).toEqual({ label: 'Completed', tone: 'info' });
    expect(statusBadge('cancelled')).toEqual({ label: 'Cancelled', tone: 'danger' });
    expect(statusBadge('pending')).toEqual({ label: 'Pending', tone: 'warning' });
    expect(statusBadge('awaiting_payment').tone).toBe('warning');
    expect(statusBadge('payment_pending')).toEqual({ label: 'Payment Pending', tone: 'warning' });
    expect(statusBadge('waiting_payment').tone).toBe('warning');
    expect(statusBadge('expired').tone).toBe('neutral');
  });
  it('shows other values neutrally, readably', () => {
    expect(statusBadge('on_hold')).toEqual({ label: 'On hold', tone: 'neutral' });
  });
  it('offers Reschedule unless cancelled or completed', () => {
    expect(canReschedule({ status: 'confirmed' })).toBe(true);
    expect(canReschedule({ status: 'awaiting_payment' })).toBe(true);
    expect(canReschedule({ status: 'cancelled' })).toBe(false);
    expect(canReschedule({ status: 'completed' })).toBe(false);
  });
});
