import { describe, expect, it } from 'vitest';
import {
  adminBookingActions,
  applicationCounters,
  canAskForInformation,
  filterApplications,
  pricedServiceCount,
  userCounters,
} from './admin-view';
import { testTranslator } from '@/lib/i18n/testing';

const apps = [
  { status: 'pending' as const },
  { status: 'clarification_needed' as const },
  { status: 'approved' as const },
  { status: 'rejected' as const },
  { status: 'approved' as const },
];

describe('admin dashboard rules', () => {
  it('offers Ask for information only while no question is open', () => {
    expect(apps.map((a) => canAskForInformation(a.status))).toEqual([true, false, false, false, false]);
  });

  it('counts applications per filter, Needs Info waiting with the pending ones', () => {
    expect(applicationCounters(apps)).toEqual({ all: 5, pending: 2, approved: 2, rejected: 1 });
    expect(filterApplications(apps, 'pending').map((a) => a.status)).toEqual([
      'pending',
      'clarification_needed',
    ]);
    expect(filterApplications(apps, 'all')).toHaveLength(5);
  });

  it('labels statuses and empty lists as the spec does, and in French', () => {
    const en = testTranslator('en', 'admin');
    expect(en('status.clarification_needed')).toBe('Needs Info');
    expect(en('applications.empty.rejected')).toBe('No rejected applications found');
    expect(en('applications.empty.all')).toBe('No applications found');
    expect(en('bookings.dateTbd')).toBe('Date TBD');
    const fr = testTranslator('fr', 'admin');
    expect(fr('status.clarification_needed')).toBe('Info requise');
    expect(fr('applications.empty.rejected')).toBe('Aucune demande refusée trouvée');
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
