import { describe, expect, it } from 'vitest';
import {
  adminBookingActions,
  applicationCounters,
  applicationStatusLabel,
  bookingWhen,
  emptyApplicationsText,
  filterApplications,
  pricedServiceCount,
  userCounters,
} from './admin-view';

const apps = [
  { status: 'pending' as const },
  { status: 'clarification_needed' as const },
  { status: 'approved' as const },
  { status: 'rejected' as const },
  { status: 'approved' as const },
];

describe('admin dashboard rules', () => {
  it('counts applications per filter, Needs Info waiting with the pending ones', () => {
    expect(applicationCounters(apps)).toEqual({ all: 5, pending: 2, approved: 2, rejected: 1 });
    expect(filterApplications(apps, 'pending').map((a) => a.status)).toEqual([
      'pending',
      'clarification_needed',
    ]);
    expect(filterApplications(apps, 'all')).toHaveLength(5);
  });

  it('labels statuses and empty lists as the spec does', () => {
    expect(applicationStatusLabel('clarification_needed')).toBe('Needs Info');
    expect(emptyApplicationsText('rejected')).toBe('No rejected applications found');
    expect(emptyApplicationsText('all')).toBe('No applications found');
  });

  it('counts only priced services', () => {
    expect(
      pricedServiceCount({
        priceCatalog: [
          { serviceName: 'A', price: '10', description: null, duration: null },
          { serviceName: 'B', price: ' ', description: null, duration: null },
        ],
      }),
    ).toBe(1);
  });

  it('offers Confirm Payment and Cancel only when the lifecycle allows (the server asks the same)', () => {
    const now = new Date('2026-11-23T15:00:00Z');
    const at = '2026-11-25T15:00:00Z';
    const actions = (status: string, paymentStatus: string) =>
      adminBookingActions({ status, paymentStatus, serviceDate: at } as never, now);
    expect(actions('awaiting_payment', 'pending')).toEqual({
      canConfirm: true,
      canCancel: true,
      canResolve: false,
      isPaid: false,
    });
    // A hold that lapsed while its payment may still have gone through: an admin can confirm it.
    expect(actions('expired', 'pending')).toMatchObject({
      canConfirm: true,
      canCancel: false,
      isPaid: false,
    });
    expect(actions('expired', 'voided').canConfirm).toBe(false);
    expect(actions('confirmed', 'confirmed')).toMatchObject({
      canConfirm: false,
      canCancel: true,
      isPaid: true,
    });
    expect(actions('completed', 'confirmed').canCancel).toBe(false);
    expect(actions('cancelled', 'refunded')).toEqual({
      canConfirm: false,
      canCancel: false,
      canResolve: false,
      isPaid: false,
    });
    // A customer reported a no-show: only settling it is offered.
    expect(actions('disputed', 'confirmed')).toEqual({
      canConfirm: false,
      canCancel: false,
      canResolve: true,
      isPaid: true,
    });
  });

  it('shows the booked time in Toronto with ET, or Date TBD', () => {
    expect(bookingWhen('2026-11-28T15:00:00.000Z')).toBe('Saturday, November 28, 2026 at 10:00 AM ET');
    expect(bookingWhen(null)).toBe('Date TBD');
    expect(bookingWhen('')).toBe('Date TBD');
  });

  it('counts users: partners and regular', () => {
    expect(
      userCounters([{ role: 'admin' }, { role: 'partner' }, { role: 'user' }, { role: 'user' }]),
    ).toEqual({
      total: 4,
      partners: 1,
      regular: 2,
    });
  });
});
