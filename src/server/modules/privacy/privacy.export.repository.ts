import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  applicationRequests,
  bookingEvents,
  bookings,
  documents,
  notifications,
  payments,
  providerApplications,
  providers,
  refunds,
  reviewPhotos,
  reviewReports,
  reviews,
  sandboxCards,
  sandboxIntents,
  savedServices,
  sessions,
  supportRequests,
  users,
} from '../../db/schema';

/**
 * Everything Trillium holds about one person, for their download (docs/product.md §15). Every query is
 * bounded by the person's own id: nobody else's rows can come back.
 */

export async function findAccountRecord(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      calendarToken: users.calendarToken,
      street: users.street,
      unit: users.unit,
      city: users.city,
      province: users.province,
      postalCode: users.postalCode,
      preferences: users.preferences,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function listSessions(db: Executor, userId: number) {
  return db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      remember: sessions.remember,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}

export async function listCustomerBookings(db: Executor, userId: number) {
  return db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      serviceTitle: bookings.serviceTitle,
      providerName: providers.name,
      serviceDate: bookings.serviceDate,
      durationMinutes: bookings.durationMinutes,
      customerName: bookings.customerName,
      customerEmail: bookings.customerEmail,
      customerPhone: bookings.customerPhone,
      notes: bookings.notes,
      location: bookings.location,
      deliveredAt: bookings.deliveredAt,
      serviceAddress: bookings.serviceAddress,
      cancellationPolicy: bookings.cancellationPolicy,
      priceCents: bookings.priceCents,
      feeCents: bookings.feeCents,
      totalCents: bookings.totalCents,
      currency: bookings.currency,
      paymentStatus: bookings.paymentStatus,
      cancelledBy: bookings.cancelledBy,
      cancelReason: bookings.cancelReason,
      createdAt: bookings.createdAt,
      confirmedAt: bookings.confirmedAt,
      cancelledAt: bookings.cancelledAt,
      completedAt: bookings.completedAt,
    })
    .from(bookings)
    .innerJoin(providers, eq(providers.id, bookings.providerId))
    .where(eq(bookings.customerId, userId))
    .orderBy(asc(bookings.serviceDate), asc(bookings.id));
}

export async function listBookingEvents(db: Executor, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: bookingEvents.bookingId,
      kind: bookingEvents.kind,
      actor: bookingEvents.actor,
      at: bookingEvents.at,
      details: bookingEvents.details,
    })
    .from(bookingEvents)
    .where(inArray(bookingEvents.bookingId, bookingIds))
    .orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
}

/** Payments of these bookings; of the card only its brand and last four digits (the sandbox's record). */
export async function listBookingPayments(db: Executor, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: payments.bookingId,
      processor: payments.processor,
      amountCents: payments.amountCents,
      currency: payments.currency,
      status: payments.status,
      refundedCents: payments.refundedCents,
      cardBrand: sandboxCards.brand,
      cardLast4: sandboxCards.last4,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .leftJoin(sandboxIntents, eq(sandboxIntents.id, payments.intentId))
    .leftJoin(
      sandboxCards,
      eq(sandboxCards.id, sql`coalesce(${payments.paymentMethodId}, ${sandboxIntents.paymentMethodId})`),
    )
    .where(inArray(payments.bookingId, bookingIds))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function listBookingRefunds(db: Executor, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: refunds.bookingId,
      amountCents: refunds.amountCents,
      status: refunds.status,
      createdAt: refunds.createdAt,
      processedAt: refunds.processedAt,
    })
    .from(refunds)
    .where(inArray(refunds.bookingId, bookingIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export async function listAuthoredReviews(db: Executor, userId: number) {
  return db
    .select({
      id: reviews.id,
      providerName: providers.name,
      bookingReference: bookings.reference,
      rating: reviews.rating,
      comment: reviews.comment,
      hiddenAt: reviews.hiddenAt,
      createdAt: reviews.createdAt,
      editedAt: reviews.editedAt,
    })
    .from(reviews)
    .innerJoin(providers, eq(providers.id, reviews.providerId))
    .leftJoin(bookings, eq(bookings.id, reviews.bookingId))
    .where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
}

/** Review photos the person uploaded (stored names), with the review each belongs to. */
export async function listUploadedReviewPhotos(db: Executor, userId: number) {
  return db
    .select({ reviewId: reviewPhotos.reviewId, filename: reviewPhotos.filename })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.uploadedByUserId, userId))
    .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position));
}

export async function listReviewReports(db: Executor, userId: number) {
  return db
    .select({ reason: reviewReports.reason, createdAt: reviewReports.createdAt })
    .from(reviewReports)
    .where(eq(reviewReports.userId, userId))
    .orderBy(asc(reviewReports.createdAt));
}

export async function listNotifications(db: Executor, userId: number) {
  return db
    .select({
      title: notifications.title,
      message: notifications.message,
      type: notifications.type,
      linkUrl: notifications.linkUrl,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}

export async function listSaved(db: Executor, userId: number) {
  return db
    .select({ providerName: providers.name, createdAt: savedServices.createdAt })
    .from(savedServices)
    .innerJoin(providers, eq(providers.id, savedServices.providerId))
    .where(eq(savedServices.userId, userId))
    .orderBy(asc(savedServices.createdAt));
}

export async function listSupportRequests(db: Executor, userId: number) {
  return db
    .select({
      subject: supportRequests.subject,
      category: supportRequests.category,
      message: supportRequests.message,
      createdAt: supportRequests.createdAt,
    })
    .from(supportRequests)
    .where(eq(supportRequests.userId, userId))
    .orderBy(asc(supportRequests.createdAt), asc(supportRequests.id));
}

export async function listApplications(db: Executor, userId: number) {
  return db
    .select({
      id: providerApplications.id,
      status: providerApplications.status,
      fullName: providerApplications.fullName,
      email: providerApplications.email,
      phone: providerApplications.phone,
      businessName: providerApplications.businessName,
      businessNumber: providerApplications.businessNumber,
      googleBusinessUrl: providerApplications.googleBusinessUrl,
      city: providerApplications.city,
      province: providerApplications.province,
      servicesDescription: providerApplications.servicesDescription,
      operatingDays: providerApplications.operatingDays,
      operatingHours: providerApplications.operatingHours,
      priceCatalog: providerApplications.priceCatalog,
      adminNotes: providerApplications.adminNotes,
      createdAt: providerApplications.createdAt,
      decidedAt: providerApplications.decidedAt,
    })
    .from(providerApplications)
    .where(eq(providerApplications.userId, userId))
    .orderBy(asc(providerApplications.createdAt));
}

export async function listApplicationExchange(db: Executor, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      applicationId: applicationRequests.applicationId,
      asked: applicationRequests.needed,
      askedAt: applicationRequests.askedAt,
      answer: applicationRequests.answer,
      answeredAt: applicationRequests.answeredAt,
    })
    .from(applicationRequests)
    .where(inArray(applicationRequests.applicationId, applicationIds))
    .orderBy(asc(applicationRequests.askedAt), asc(applicationRequests.id));
}

/** Files the person uploaded, and those of their applications. */
export async function listDocuments(db: Executor, userId: number, applicationIds: number[]) {
  return db
    .select({
      filename: documents.filename,
      originalName: documents.originalName,
      mimeType: documents.mimeType,
      sizeBytes: documents.sizeBytes,
      kind: documents.kind,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(
      applicationIds.length > 0
        ? or(eq(documents.uploadedByUserId, userId), inArray(documents.applicationId, applicationIds))
        : eq(documents.uploadedByUserId, userId),
    )
    .orderBy(asc(documents.createdAt), asc(documents.id));
}

export async function findOwnedListing(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: providers.id, name: providers.name, city: providers.city, createdAt: providers.createdAt })
    .from(providers)
    .where(eq(providers.ownerUserId, userId))
    .limit(1);
  return row;
}
