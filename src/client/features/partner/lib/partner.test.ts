import { partnerStats } from '@shared/contract/partner';
import { partnerServicesFormSchema, partnerWeekFormSchema } from '@shared/contract/partner-forms';
import { describe, expect, it } from 'vitest';
import { partnerBookingActions } from './bookings';
import { QUARTER_HOURS, toEditableWeek, updateDay } from './hours';
import { emptyServiceRow, toServiceRows } from './services-form';

describe('weekly hours editing', () => {
  it('shows all seven days Monday first, with closed days defaulted', () => {
    const week = toEditableWeek([
      { day: 1, opensAt: '08:00', closesAt: '18:00' },
      { day: 0, opensAt: '10:00', closesAt: '14:00' },
    ]);
    expect(week.map((d) => d.name)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(week[0]).toMatchObject({ open: true, opensAt: '08:00', closesAt: '18:00' });
    expect(week[1]).toMatchObject({ open: false, opensAt: '09:00', closesAt: '17:00' });
    expect(partnerWeekFormSchema.parse({ week })).toEqual({
      schedule: [
        { day: 0, opensAt: '10:00', closesAt: '14:00' },
        { day: 1, opensAt: '08:00', closesAt: '18:00' },
      ],
    });
  });

  it('edits one day and finds the problems at their field', () => {
    let week = toEditableWeek([{ day: 2, opensAt: '09:00', closesAt: '17:00' }]);
    week = updateDay(week, 2, { opensAt: '18:00' });
    const late = partnerWeekFormSchema.safeParse({ week });
    expect(late.success).toBe(false);
    expect(late.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['week.1.closesAt', 'Opening time must be before closing time'],
    ]);
    week = updateDay(week, 2, { open: false });
    const closed = partnerWeekFormSchema.safeParse({ week });
    expect(closed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['week', 'Keep at least one open day'],
    ]);
  });

  it('offers quarter hours and midnight', () => {
    expect(QUARTER_HOURS).toHaveLength(97);
    expect(QUARTER_HOURS[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(QUARTER_HOURS[37]).toEqual({ value: '09:15', label: '9:15 AM' });
    expect(QUARTER_HOURS.at(-1)).toEqual({ value: '24:00', label: 'Midnight' });
  });
});

describe('services editing', () => {
  it('round-trips services and checks them with the body schema', () => {
    const rows = toServiceRows([
      {
        id: 1,
        name: 'Deep Cleaning',
        price: 120,
        description: null,
        durationMinutes: 180,
        deliveredAt: 'customer',
      },
    ]);
    expect(rows[0]).toMatchObject({
      id: 1,
      name: 'Deep Cleaning',
      price: '120.00',
      durationMinutes: '180',
      deliveredAt: 'customer',
    });
    const check = partnerServicesFormSchema.safeParse({
      services: [...rows, { ...emptyServiceRow(), name: 'Windows', price: '$45.50' }],
    });
    expect(check.success).toBe(true);
    if (check.success)
      expect(check.data.services[1]).toEqual({
        id: null,
        deliveredAt: 'provider',
        name: 'Windows',
        price: 45.5,
        description: null,
        durationMinutes: null,
      });
  });

  it('names the row and field of each problem', () => {
    const check = partnerServicesFormSchema.safeParse({
      services: [{ ...emptyServiceRow(), name: 'A', price: 'abc' }],
    });
    expect(check.success).toBe(false);
    const where = new Map(check.error?.issues.map((i) => [i.path.join('.'), i.message]));
    expect(where.get('services.0.name')).toBe('Service name must be at least 2 characters');
    expect(where.get('services.0.price')).toBeTruthy();
    const twice = partnerServicesFormSchema.safeParse({
      services: [
        { ...emptyServiceRow(), name: 'Windows', price: '10' },
        { ...emptyServiceRow(), name: 'windows', price: '12' },
      ],
    });
    expect(twice.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['services', 'Each service needs a different name'],
    ]);
  });
});

describe('partner bookings', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  it('offers Mark Completed only after the start, Cancel only before it', () => {
    expect(
      partnerBookingActions(
        { status: 'confirmed', paymentStatus: 'confirmed', serviceDate: '2026-11-23T14:00:00Z' },
        now,
      ),
    ).toMatchObject({ canComplete: true, canCancel: false });
    expect(
      partnerBookingActions(
        { status: 'confirmed', paymentStatus: 'confirmed', serviceDate: '2026-11-24T14:00:00Z' },
        now,
      ),
    ).toMatchObject({ canComplete: false, canCancel: true });
    expect(
      partnerBookingActions(
        { status: 'completed', paymentStatus: 'confirmed', serviceDate: '2026-11-20T14:00:00Z' },
        now,
      ),
    ).toMatchObject({
      canComplete: false,
      canCancel: false,
    });
  });

  it('computes the stats with revenue in cents', () => {
    expect(
      partnerStats([
        { status: 'confirmed', paymentStatus: 'confirmed', totalCents: 12360 },
        { status: 'awaiting_payment', paymentStatus: 'pending', totalCents: 5000 },
        { status: 'completed', paymentStatus: 'confirmed', totalCents: 1030 },
      ]),
    ).toEqual({ total: 3, pending: 1, completed: 1, revenueCents: 13390 });
  });
});
