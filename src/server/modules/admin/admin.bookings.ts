import type { AdminBooking } from '../../../shared/contract/admin';
import { recordAdminAction } from '../audit/audit.usecases';
import {
  cancelFromBackOffice,
  confirmPaymentFromBackOffice,
  type InTransaction,
  resolveDispute,
} from '../bookings/bookings.back-office';
import { bookingErrors } from '../bookings/bookings.errors';
import { type BookingRow, findBookingById } from '../bookings/bookings.repository';
import { findBookingView } from '../bookings/bookings.views.repository';
import type { AdminDeps } from './admin.usecases';

/** The bookings panel's actions; each recorded in the audit log in the transaction of its change. */

const BOOKING_ACTIONS = {
  confirm_payment: 'booking.payment_confirmed',
  cancel: 'booking.cancelled',
  resolve_refund: 'booking.dispute_refunded',
  resolve_completed: 'booking.dispute_completed',
} as const;

function bookingValues(b: BookingRow) {
  return { status: b.status, paymentStatus: b.paymentStatus };
}

/** Confirm Payment, Cancel, or settle a disputed booking from the bookings panel. */
export async function updateBookingByAdmin(
  deps: AdminDeps,
  id: number,
  body: {
    action: 'confirm_payment' | 'cancel' | 'resolve_refund' | 'resolve_completed';
    reason: string | null;
  },
): Promise<AdminBooking> {
  const booking = await findBookingById(deps.db, id);
  if (!booking) throw bookingErrors.notFound();
  // Recorded in the change's own transaction: the entry and the change commit together.
  const audit: InTransaction = (tx, change) =>
    recordAdminAction(tx, {
      adminUserId: deps.adminUserId,
      action: BOOKING_ACTIONS[body.action],
      targetType: 'booking',
      targetId: id,
      before: bookingValues(change.before),
      after: {
        ...bookingValues(change.after),
        ...(change.refundCents > 0 ? { refundCents: change.refundCents } : {}),
        ...(body.action === 'cancel' ? { reason: body.reason } : {}),
      },
      at: deps.clock.now(),
    });
  const updated =
    body.action === 'confirm_payment'
      ? await confirmPaymentFromBackOffice(deps, booking, audit)
      : body.action === 'cancel'
        ? await cancelFromBackOffice(deps, booking, 'admin', body.reason, audit)
        : await resolveDispute(
            deps,
            booking,
            body.action === 'resolve_refund' ? 'refunded' : 'completed',
            audit,
          );
  const view = await findBookingView(deps.db, updated.id, { everyone: true }, deps.clock.now());
  if (!view) throw bookingErrors.notFound();
  return view;
}
