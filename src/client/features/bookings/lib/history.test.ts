import { describe, expect, it } from 'vitest';
import { formatBookedTime } from '@shared/domain/dates';
import { formatCents } from '@shared/domain/money';
import type { BookingEvent } from '@shared/contract/bookings';
import { testTranslator } from '@/lib/i18n/testing';
import { historyLine as lineIn } from './history';

const english = testTranslator('en', 'mybookings');
const french = testTranslator('fr', 'mybookings');
const historyLine = (event: BookingEvent) =>
  lineIn(event, english, { money: (c) => formatCents(c), bookedTime: (i) => formatBookedTime(i) });

describe('booking history lines', () => {
  it('says each step plainly, with Toronto times and dollars', () => {
    expect(historyLine({ kind: 'paid', actor: 'customer', details: { amountCents: 11330 }, at: '' })).toBe(
      'Paid $113.30',
    );
    expect(
      historyLine({
        kind: 'rescheduled',
        actor: 'customer',
        details: { from: '2026-11-25T15:00:00.000Z', to: '2026-11-25T19:00:00.000Z' },
        at: '',
      }),
    ).toMatch(/^Moved from .*10:00 AM ET to .*2:00 PM ET$/);
    expect(
      historyLine({ kind: 'cancelled', actor: 'partner', details: { reason: 'Stylist ill' }, at: '' }),
    ).toBe('Cancelled by the professional: "Stylist ill"');
    expect(
      historyLine({ kind: 'refunded', actor: 'system', details: { amountCents: 5665, percent: 50 }, at: '' }),
    ).toBe('Refund of $56.65 (50%) to your card');
  });

  it('says them in French too', () => {
    const line = (event: BookingEvent) =>
      lineIn(event, french, {
        money: (c) => formatCents(c, 'fr'),
        bookedTime: (i) => formatBookedTime(i, 'fr'),
      });
    expect(line({ kind: 'cancelled', actor: 'customer', details: { reason: 'Malade' }, at: '' })).toBe(
      'Annulée par vous\u00a0: «\u00a0Malade\u00a0»',
    );
    expect(line({ kind: 'paid', actor: 'customer', details: { amountCents: 11330 }, at: '' })).toMatch(
      /^Paiement de 113,30\s\$$/,
    );
  });
});
