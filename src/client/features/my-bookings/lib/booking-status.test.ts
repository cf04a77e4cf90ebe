import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '@shared/domain/booking-lifecycle';
import { STATUS_BADGES } from '@/components/ui/booking-status-badge';
import { canReschedule } from './booking-status';

describe('booking status', () => {
  it('has one badge for every state the lifecycle has, and for nothing else', () => {
    expect(Object.keys(STATUS_BADGES).sort()).toEqual([...BOOKING_STATUSES].sort());
    expect(STATUS_BADGES.confirmed).toEqual({ label: 'Confirmed', tone: 'success' });
    expect(STATUS_BADGES.completed).toEqual({ label: 'Completed', tone: 'info' });
    expect(STATUS_BADGES.cancelled).toEqual({ label: 'Cancelled', tone: 'danger' });
    expect(STATUS_BADGES.awaiting_payment.tone).toBe('warning');
    expect(STATUS_BADGES.expired.tone).toBe('neutral');
  });
  it('offers Reschedule unless cancelled or completed', () => {
    expect(canReschedule({ status: 'confirmed' })).toBe(true);
    expect(canReschedule({ status: 'awaiting_payment' })).toBe(true);
    expect(canReschedule({ status: 'cancelled' })).toBe(false);
    expect(canReschedule({ status: 'completed' })).toBe(false);
  });
});
