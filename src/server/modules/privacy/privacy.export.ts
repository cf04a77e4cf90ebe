import type { PersonalData } from '../../../shared/contract/privacy';
import type { User } from '../../../shared/contract/auth';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import { recordAdminAction } from '../audit/audit.usecases';
import { authErrors } from '../auth/auth.errors';
import { listEmailsOf } from '../email/email.outbox.repository';
import { optOutsOf } from '../sms/sms.repository';
import { toE164 } from '../sms/sms.twilio';
import { listConsentEvents } from './privacy.consent.repository';
import { privacyErrors } from './privacy.errors';
import {
  findAccountRecord,
  findOwnedListing,
  listApplicationExchange,
  listApplications,
  listAuthoredReviews,
  listBookingEvents,
  listBookingPayments,
  listBookingRefunds,
  listCustomerBookings,
  listDocuments,
  listNotifications,
  listReviewReports,
  listSaved,
  listSessions,
  listSupportRequests,
  listUploadedReviewPhotos,
} from './privacy.export.repository';

/**
 * "Download my data" (PIPEDA's right of access, docs/product.md §15): one JSON document with everything
 * Trillium holds about the signed-in person, read in one transaction so it is a consistent picture.
 * Card data is never more than the brand and last four digits; other people appear only as the
 * businesses the person booked.
 */
export async function exportPersonalData(
  deps: { db: Executor; clock: Clock },
  userId: number,
): Promise<PersonalData> {
  return deps.db.transaction(async (tx) => {
    const data = await collect(tx, userId, deps.clock.now());
    if (!data) throw authErrors.signInRequired();
    return data;
  });
}

/**
 * The same document for an admin answering a person's request made another way (by mail, by
 * phone): recorded in the admin audit log as a data export made for that person.
 */
export async function exportPersonalDataFor(
  deps: { db: Executor; clock: Clock },
  admin: User,
  userId: number,
): Promise<PersonalData> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const data = await collect(tx, userId, now);
    if (!data) throw privacyErrors.personNotFound();
    await recordAdminAction(tx, {
      adminUserId: admin.id,
      action: 'user.data_exported',
      targetType: 'user',
      targetId: userId,
      after: { format: data.format },
      at: now,
    });
    return data;
  });
}

async function collect(tx: Executor, userId: number, now: Date): Promise<PersonalData | undefined> {
  {
    const account = await findAccountRecord(tx, userId);
    if (!account) return undefined;
    const bookingRows = await listCustomerBookings(tx, userId);
    const bookingIds = bookingRows.map((b) => b.id);
    const [events, paymentRows, refundRows] = [
      await listBookingEvents(tx, bookingIds),
      await listBookingPayments(tx, bookingIds),
      await listBookingRefunds(tx, bookingIds),
    ];
    const applications = await listApplications(tx, userId);
    const applicationIds = applications.map((a) => a.id);
    const exchange = await listApplicationExchange(tx, applicationIds);
    const photos = await listUploadedReviewPhotos(tx, userId);
    const listing = await findOwnedListing(tx, userId);
    const iso = (d: Date) => d.toISOString();
    const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      format: 'trillium-personal-data/1' as const,
      generatedAt: iso(now),
      profile: {
        id: account.id,
        username: account.username,
        fullName: account.fullName,
        email: account.email,
        phone: account.phone,
        role: account.role,
        emailVerified: account.emailVerifiedAt !== null,
        hasCalendarFeed: account.calendarToken !== null,
        createdAt: iso(account.createdAt),
        updatedAt: iso(account.updatedAt),
      },
      address: {
        street: account.street,
        unit: account.unit,
        city: account.city,
        province: account.province,
        postalCode: account.postalCode,
      },
      preferences: {
        email: account.preferences.email !== false,
        sms: account.preferences.sms !== false,
        promotional: account.preferences.promotional === true,
      },
      textsStopped: (
        await optOutsOf(tx, [
          ...new Set(
            [account.phone, ...bookingRows.map((b) => b.customerPhone)]
              .map(toE164)
              .filter((n): n is string => n !== null),
          ),
        ])
      ).map((o) => ({ phone: o.phone, since: iso(o.since) })),
      consentHistory: (await listConsentEvents(tx, userId)).map((e) => ({ ...e, at: iso(e.at) })),
      sessions: (await listSessions(tx, userId)).map((s) => ({
        createdAt: iso(s.createdAt),
        lastSeenAt: iso(s.lastSeenAt),
        expiresAt: iso(s.expiresAt),
        remember: s.remember,
      })),
      bookings: bookingRows.map(({ id, ...b }) => ({
        ...b,
        serviceDate: iso(b.serviceDate),
        createdAt: iso(b.createdAt),
        confirmedAt: isoOrNull(b.confirmedAt),
        cancelledAt: isoOrNull(b.cancelledAt),
        completedAt: isoOrNull(b.completedAt),
        history: events
          .filter((e) => e.bookingId === id)
          .map((e) => ({ kind: e.kind, actor: e.actor, at: iso(e.at), details: e.details })),
        payments: paymentRows
          .filter((p) => p.bookingId === id)
          .map((p) => ({
            processor: p.processor,
            amountCents: p.amountCents,
            currency: p.currency,
            status: p.status,
            refundedCents: p.refundedCents,
            card: p.cardBrand && p.cardLast4 ? { brand: p.cardBrand, last4: p.cardLast4 } : null,
            createdAt: iso(p.createdAt),
          })),
        refunds: refundRows
          .filter((r) => r.bookingId === id)
          .map((r) => ({
            amountCents: r.amountCents,
            status: r.status,
            createdAt: iso(r.createdAt),
            processedAt: isoOrNull(r.processedAt),
          })),
      })),
      reviews: (await listAuthoredReviews(tx, userId)).map((r) => ({
        providerName: r.providerName,
        bookingReference: r.bookingReference,
        rating: r.rating,
        comment: r.comment,
        photos: photos.filter((p) => p.reviewId === r.id).map((p) => p.filename),
        hidden: r.hiddenAt !== null,
        createdAt: iso(r.createdAt),
        editedAt: isoOrNull(r.editedAt),
      })),
      reviewReports: (await listReviewReports(tx, userId)).map((r) => ({
        ...r,
        createdAt: iso(r.createdAt),
      })),
      notifications: (await listNotifications(tx, userId)).map((n) => ({
        ...n,
        createdAt: iso(n.createdAt),
      })),
      savedServices: (await listSaved(tx, userId)).map((s) => ({ ...s, createdAt: iso(s.createdAt) })),
      supportRequests: (await listSupportRequests(tx, userId)).map((s) => ({
        ...s,
        createdAt: iso(s.createdAt),
      })),
      applications: applications.map(({ id, ...a }) => ({
        ...a,
        createdAt: iso(a.createdAt),
        decidedAt: isoOrNull(a.decidedAt),
        exchange: exchange
          .filter((x) => x.applicationId === id)
          .map((x) => ({
            asked: x.asked,
            askedAt: iso(x.askedAt),
            answer: x.answer,
            answeredAt: isoOrNull(x.answeredAt),
          })),
      })),
      documents: (await listDocuments(tx, userId, applicationIds)).map(({ filename, ...d }) => ({
        storedName: filename,
        ...d,
        createdAt: iso(d.createdAt),
      })),
      listing: listing ? { name: listing.name, city: listing.city, createdAt: iso(listing.createdAt) } : null,
      emails: (await listEmailsOf(tx, account.id)).map((e) => ({
        ...e,
        createdAt: iso(e.createdAt),
        sentAt: isoOrNull(e.sentAt),
      })),
    };
  }
}
