import type { AdminApplication, AdminBooking, AdminUser, ApplicationStatus } from '@shared/contract/admin';
import { canTransition } from '@shared/domain/booking-lifecycle';

/** Pure rules of the admin dashboard: counters, filters and which buttons a card shows (labels are in the admin catalog). */

export const APPLICATION_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;
export type ApplicationFilter = (typeof APPLICATION_FILTERS)[number];

/** Waiting for a decision: new applications and those the admin asked more information about. */
export function awaitsDecision(status: ApplicationStatus): boolean {
  return status === 'pending' || status === 'clarification_needed';
}

/** One open question at a time: none while the applicant has one to answer (the server refuses it too). */
export function canAskForInformation(status: ApplicationStatus): boolean {
  return status === 'pending';
}

export function matchesFilter(status: ApplicationStatus, filter: ApplicationFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'pending') return awaitsDecision(status);
  return status === filter;
}

export function filterApplications<T extends Pick<AdminApplication, 'status'>>(
  list: readonly T[],
  filter: ApplicationFilter,
): T[] {
  return list.filter((application) => matchesFilter(application.status, filter));
}

/** Total Applications, Pending Review (pending and Needs Info), Approved, Rejected. */
export function applicationCounters(list: readonly Pick<AdminApplication, 'status'>[]) {
  return {
    all: list.length,
    pending: list.filter((a) => awaitsDecision(a.status)).length,
    approved: list.filter((a) => a.status === 'approved').length,
    rejected: list.filter((a) => a.status === 'rejected').length,
  } satisfies Record<ApplicationFilter, number>;
}

/** Priced services in the application's catalog (rows with both a name and a price). */
export function pricedServiceCount(application: Pick<AdminApplication, 'priceCatalog'>): number {
  return application.priceCatalog.filter((item) => item.serviceName.trim() !== '' && item.price.trim() !== '')
    .length;
}

/** Which of Confirm Payment and Cancel the lifecycle lets an admin use on this booking now. */
export function adminBookingActions(
  booking: Pick<AdminBooking, 'status' | 'paymentStatus' | 'serviceDate'>,
  now: Date,
) {
  return {
    canConfirm: canTransition('confirm_payment', booking, 'admin', now),
    canCancel: canTransition('cancel', booking, 'admin', now),
    canResolve: canTransition('resolve_refund', booking, 'admin', now),
    isPaid: booking.paymentStatus === 'confirmed',
  };
}

/** Total Users, Partners, Regular (role user; an absent role counts as user). */
export function userCounters(list: readonly Pick<AdminUser, 'role'>[]) {
  return {
    total: list.length,
    partners: list.filter((u) => u.role === 'partner').length,
    regular: list.filter((u) => !u.role || u.role === 'user').length,
  };
}
