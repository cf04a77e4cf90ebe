import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { formatCountdown } from '../components/hold-countdown';
import { PAYMENT_FALLBACK, paymentErrorMessage } from './payment-errors';

describe('payment messages and the hold countdown', () => {
  it('shows the server’s reason for a decline, what happened to the connection or the server, else a fallback, never an exception’s own text', () => {
    const declined = new ApiError(402, '{}', {
      code: 'payments.card_declined',
      message: 'Your card was declined.',
    });
    expect(paymentErrorMessage(declined)).toBe('Your card was declined.');
    expect(paymentErrorMessage(new ApiError(503, '<html>503</html>', undefined))).toBe(
      'Trillium is not answering right now. Please try again in a moment.',
    );
    expect(paymentErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Network error - please check your connection and try again.',
    );
    expect(paymentErrorMessage(new SyntaxError('Unterminated string in JSON at position 22'))).toBe(
      PAYMENT_FALLBACK,
    );
    expect(paymentErrorMessage(new ApiError(400, 'bad', undefined))).toBe(PAYMENT_FALLBACK);
    expect(paymentErrorMessage(new ApiError(401, '', undefined))).toBe('Please sign in again to pay.');
    expect(paymentErrorMessage('nope')).toBe(PAYMENT_FALLBACK);
  });
  it('counts the hold down in minutes and seconds, never below zero', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(545)).toBe('9:05');
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(545, 'fr')).toBe('9\u00a0min\u00a005\u00a0s');
  });
});
