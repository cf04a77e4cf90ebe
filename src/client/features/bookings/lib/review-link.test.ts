import type { CustomerBooking } from '@shared/contract/bookings';
import { describe, expect, it } from 'vitest';
import { testTranslator } from '@/lib/i18n/testing';
import { reviewLinkId, reviewRefusal } from './review-link';

const t = testTranslator('en', 'mybookings');

const booking = (facts: Partial<CustomerBooking>) =>
  ({ status: 'completed', allowedActions: [], reviewId: null, ...facts }) as CustomerBooking;

describe('the "How was it?" link (/bookings?review={id})', () => {
  it('reads only a booking id', () => {
    expect(reviewLinkId('42')).toBe(42);
    for (const raw of [null, '', '0', '-1', '4.2', '42abc', '0042', '99999999999']) {
      expect(reviewLinkId(raw)).toBeNull();
    }
  });

  it('opens the review when the server allows it, and otherwise says why not', () => {
    expect(reviewRefusal(booking({ allowedActions: ['review'] }))).toBeNull();
    const say = (notice: ReturnType<typeof reviewRefusal>) => (notice ? t(notice.key, notice.values) : null);
    expect(say(reviewRefusal(booking({ reviewId: 7 })))).toBe(
      'You have already reviewed this booking. Thank you!',
    );
    expect(say(reviewRefusal(booking({})))).toBe('The 14-day window to review this booking has closed.');
    expect(say(reviewRefusal(booking({ status: 'cancelled' })))).toMatch(/did not take place/);
    expect(say(reviewRefusal(booking({ status: 'confirmed', allowedActions: ['cancel'] })))).toBe(
      'This booking can be reviewed once it is completed.',
    );
  });
});
