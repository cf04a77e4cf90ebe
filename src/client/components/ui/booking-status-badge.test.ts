import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '@shared/domain/booking-lifecycle';
import { STATUS_BADGES } from './booking-status-badge';

describe('booking status badges', () => {
  it('has one badge for every state the lifecycle has, and for nothing else', () => {
    expect(Object.keys(STATUS_BADGES).sort()).toEqual([...BOOKING_STATUSES].sort());
    expect(STATUS_BADGES.confirmed).toEqual({ label: 'status.confirmed', tone: 'success' });
    expect(STATUS_BADGES.completed).toEqual({ label: 'status.completed', tone: 'info' });
    expect(STATUS_BADGES.cancelled).toEqual({ label: 'status.cancelled', tone: 'danger' });
    expect(STATUS_BADGES.awaiting_payment.tone).toBe('warning');
    expect(STATUS_BADGES.expired.tone).toBe('neutral');
  });
});
