import type { AccountDeleted, DeleteAccountBody, DeletionPreview } from '../../../shared/contract/privacy';
import type { User } from '../../../shared/contract/auth';
import { refundQuote } from '../../../shared/domain/cancellation-policy';
import type { AppDeps } from '../../app-deps';
import type { Database, Executor } from '../../db/client';
import { authErrors } from '../auth/auth.errors';
import { findPasswordHash } from '../auth/auth.repository';
import { verifyPassword } from '../auth/password-hash';
import { cancelBooking } from '../bookings/bookings.back-office';
import { releaseUnpaidHolds } from '../bookings/bookings.usecases';
import { deleteEmailsOf, enqueueEmail } from '../email/email.outbox.repository';
import { accountDeletedEmail } from '../email/email.templates-privacy';
import { deleteBookingTextJobs } from '../jobs/jobs.repository';
import { SMS_JOB } from '../sms/sms.jobs';
import {
  countAdmins,
  eraseAccount,
  listCustomerHoldIds,
  listListingHoldIds,
  listUpcomingCustomerBookings,
  listUpcomingListingBookingIds,
  listCustomerBookingIds,
  lockAccount,
  unpublishListing,
} from './privacy.deletion.repository';
import { privacyErrors } from './privacy.errors';
import { findOwnedListing } from './privacy.export.repository';

/**
 * "Delete my account" (PIPEDA, docs/product.md §15). Everything happens in one transaction: the
 * person's upcoming bookings are cancelled under their policies (the bookings module's own cancel,
 * refunds through the job queue), a partner's listing is unpublished and its upcoming bookings
 * cancelled with full refunds, then the person is erased (privacy.deletion.repository.ts) and one
 * goodbye e-mail, erased once sent, says what was cancelled and refunded. The last admin cannot leave.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'env' | 'payments' | 'catalogCache' | 'storage' | 'log'>;

const CUSTOMER_LEFT = 'The customer closed their Trillium account.';
const PARTNER_LEFT = 'The professional closed their Trillium account.';

async function quoteUpcoming(db: Executor, userId: number, now: Date) {
  return (await listUpcomingCustomerBookings(db, userId, now)).map((b) => {
    const paid = b.paymentStatus === 'confirmed';
    const quote = refundQuote({
      policy: b.cancellationPolicy,
      totalCents: b.totalCents,
      startsAt: b.serviceDate,
      paidAt: b.confirmedAt,
      now,
      by: 'customer',
    });
    return {
      id: b.id,
      reference: b.reference,
      serviceTitle: b.serviceTitle,
      providerName: b.providerName,
      serviceDate: b.serviceDate,
      totalCents: b.totalCents,
      refundCents: paid ? quote.amountCents : 0,
      refundPercent: paid ? quote.percent : 0,
    };
  });
}

/** What deleting the account now would cancel and give back (the same rules the deletion applies). */
export async function deletionPreview(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: User,
): Promise<DeletionPreview> {
  const now = deps.clock.now();
  const lastAdmin = user.role === 'admin' && (await countAdmins(deps.db)) <= 1;
  const bookings = await quoteUpcoming(deps.db, user.id, now);
  const listing = await findOwnedListing(deps.db, user.id);
  return {
    canDelete: !lastAdmin,
    blockedReason: lastAdmin ? privacyErrors.lastAdmin().message : null,
    bookings: bookings.map((b) => ({ ...b, serviceDate: b.serviceDate.toISOString() })),
    totalRefundCents: bookings.reduce((sum, b) => sum + b.refundCents, 0),
    listing: listing
      ? {
          name: listing.name,
          upcomingBookings: (await listUpcomingListingBookingIds(deps.db, listing.id, now)).length,
        }
      : null,
  };
}

export async function deleteAccount(
  deps: Deps,
  user: User,
  body: DeleteAccountBody,
): Promise<AccountDeleted> {
  const hash = await findPasswordHash(deps.db, user.id);
  if (!hash || !(await verifyPassword(hash, body.currentPassword))) throw authErrors.wrongCurrentPassword();
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, user.id);
    if (!account) throw authErrors.signInRequired();
    if (account.role === 'admin' && account.admins <= 1) throw privacyErrors.lastAdmin();
    // The bookings module's cancel, inside this transaction (its own becomes a savepoint).
    const bookingDeps = { ...deps, db: tx as unknown as Database };
    const cancelled: Parameters<typeof accountDeletedEmail>[0]['cancelled'] = [];
    for (const booking of await quoteUpcoming(tx, user.id, now)) {
      const result = await cancelBooking(bookingDeps, booking.id, { by: 'customer', reason: CUSTOMER_LEFT });
      cancelled.push({
        reference: booking.reference,
        serviceTitle: booking.serviceTitle,
        providerName: booking.providerName,
        startsAt: booking.serviceDate,
        refundCents: result.refundCents,
      });
    }
    const ids = (list: readonly number[]) => list.map((id) => ({ id }));
    await releaseUnpaidHolds(tx, ids(await listCustomerHoldIds(tx, user.id)), now);
    const listing = await findOwnedListing(tx, user.id);
    const listingFiles: string[] = [];
    if (listing) {
      listingFiles.push(...(await unpublishListing(tx, listing.id, now)));
      // Paid bookings only: cancelling an unpaid hold as the partner asks the processor about its
      // payment, which (the sandbox reading through the root connection) must not happen inside this
      // transaction. Holds are released instead; a payment that still goes through is refunded (§9).
      await releaseUnpaidHolds(tx, ids(await listListingHoldIds(tx, listing.id)), now);
      for (const id of await listUpcomingListingBookingIds(tx, listing.id, now))
        await cancelBooking(bookingDeps, id, { by: 'partner', reason: PARTNER_LEFT });
    }
    // What was waiting for the person (the cancellations just written included) goes with them.
    await deleteEmailsOf(tx, account);
    // So do the texts queued about their bookings (a job keeps the number and the message).
    await deleteBookingTextJobs(tx, SMS_JOB, await listCustomerBookingIds(tx, user.id));
    const files = [
      ...listingFiles,
      ...(await eraseAccount(tx, { userId: user.id, email: account.email, now })),
    ];
    await enqueueEmail(
      tx,
      {
        to: account.email,
        kind: 'account_deleted',
        eraseAfterSend: true,
        ...accountDeletedEmail({
          fullName: account.fullName,
          cancelled,
          listingName: listing?.name ?? null,
        }),
      },
      // In the language the account had: it is erased, so nothing can say it afterwards.
      { now, locale: user.language },
    );
    return { cancelled, files, listing };
  });
  if (outcome.listing) deps.catalogCache.invalidate();
  for (const file of outcome.files)
    await deps.storage
      .delete(file)
      .catch((error) => deps.log?.warn({ err: error }, 'erased file not removed'));
  const totalRefundCents = outcome.cancelled.reduce((sum, b) => sum + b.refundCents, 0);
  return {
    message: 'Your account is deleted. You are signed out everywhere.',
    cancelledBookings: outcome.cancelled.length,
    totalRefundCents,
  };
}
