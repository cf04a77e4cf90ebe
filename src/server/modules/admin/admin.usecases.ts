import type { AdminApplication, AdminUser } from '../../../shared/contract/admin';
import { parseDurationMinutes, parsePriceToCents } from '../../../shared/contract/applications';
import { cityLabel, citySlug } from '../../../shared/domain/ontario';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { FileStorage } from '../applications/storage';
import { defaultProviderImage, publishProviderPhoto } from '../applications/provider-photos';
import type { CatalogCache } from '../catalog/catalog.cache';
import { refreshSearchDocuments } from '../catalog/catalog.search.repository';
import { enqueueEmail } from '../email/email.outbox.repository';
import { type ApplicationDecision, applicationDecisionEmail } from '../email/email.templates-applications';
import { emailText } from '../../i18n/server-i18n';
import { inEveryLanguage, insertNotifications } from '../notifications/notifications.repository';
import type { PaymentProcessor } from '../payments/payments.processor';
import {
  findOwnedProviderId,
  insertListing,
  replaceSchedule,
  replaceServices,
  type ServiceInput,
} from '../partner/partner.repository';
import { adminErrors } from './admin.errors';
import {
  type ApplicationRow,
  findAdminUser,
  findCategory,
  findDocumentByName,
  listApplications,
  listUsers,
  lockApplication,
  ownsPublishedListing,
  setRole,
  updateApplication,
} from './admin.repository';
import { findJob, jobsOverview, retryFailedJob } from '../jobs/jobs.repository';
import { listBookingViews } from '../bookings/bookings.views.repository';
import { recordAdminAction } from '../audit/audit.usecases';
import { insertRequest } from '../applications/applications.repository';
import { scheduleFromApplication } from './operating-hours';
import { type DeliveryPlace, defaultDeliveryFor } from '../../../shared/domain/delivery';

export type AdminDeps = {
  /** The admin acting: recorded in the audit log (and with a question they ask). */
  adminUserId: number;
  db: Database;
  clock: Clock;
  env: Env;
  catalogCache: CatalogCache;
  payments: PaymentProcessor;
  storage: FileStorage;
};

/** The application's price catalog as listing services (prices were checked when it was submitted). */
export function servicesFromCatalog(
  application: Pick<ApplicationRow, 'priceCatalog'>,
  deliveredAt: DeliveryPlace,
): ServiceInput[] {
  return application.priceCatalog.flatMap((item) => {
    const priceCents = parsePriceToCents(item.price);
    if (priceCents === null || !item.serviceName.trim()) return [];
    return [
      {
        name: item.serviceName.trim().slice(0, 80),
        priceCents,
        description: item.description?.trim() || null,
        durationMinutes: parseDurationMinutes(item.duration),
        deliveredAt,
      },
    ];
  });
}

/**
 * Approves, rejects or asks for more information. Approval, in one transaction: role partner and a
 * listing in the chosen category built from the application, searchable at once. Every decision
 * e-mails and notifies the applicant.
 */
export async function decideApplication(
  deps: AdminDeps,
  id: number,
  body: {
    status: 'approved' | 'rejected' | 'clarification_needed';
    adminNotes: string | null;
    categoryId?: number | null;
  },
): Promise<AdminApplication> {
  const { db, clock, env } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const application = await lockApplication(tx, id);
    if (!application) throw adminErrors.applicationNotFound();
    if (application.status === 'approved' || application.status === 'rejected')
      throw adminErrors.applicationFinal(application.status);
    let decision: ApplicationDecision;
    const values: Partial<ApplicationRow> = {
      status: body.status,
      adminNotes: body.adminNotes,
      decidedAt: now,
    };
    if (body.status === 'rejected') {
      if (!body.adminNotes) throw adminErrors.reasonRequired();
      decision = { outcome: 'rejected', reason: body.adminNotes };
    } else if (body.status === 'clarification_needed') {
      if (!body.adminNotes) throw adminErrors.questionRequired();
      // One open question at a time: the applicant's one answer closes it (a second admin's click, or
      // a second question, would stay unanswered while the application is back in review).
      if (application.status === 'clarification_needed') throw adminErrors.alreadyAsked();
      decision = { outcome: 'more_info', needed: body.adminNotes };
      await insertRequest(tx, {
        applicationId: application.id,
        needed: body.adminNotes,
        askedAt: now,
        askedByUserId: deps.adminUserId,
      });
    } else {
      if (!body.categoryId) throw adminErrors.categoryRequired();
      const category = await findCategory(tx, body.categoryId);
      if (!category) throw adminErrors.unknownCategory();
      if (!application.emailVerifiedAt) throw adminErrors.emailNotVerified();
      if (await findOwnedProviderId(tx, application.userId)) throw adminErrors.alreadyListed();
      const { schedule, note } = scheduleFromApplication(
        application.operatingDays,
        application.operatingHours,
      );
      let imageUrl = defaultProviderImage(category.slug);
      if (application.profileImage) {
        const image = await findDocumentByName(tx, application.profileImage);
        if (image && (await deps.storage.exists(image.filename))) {
          imageUrl = await publishProviderPhoto({ db: tx, storage: deps.storage, now }, image);
        }
      }
      const city = cityLabel(application.city);
      const providerId = await insertListing(tx, {
        name: application.businessName,
        description: application.servicesDescription,
        categoryId: category.id,
        city,
        citySlug: citySlug(city),
        province: application.province.toUpperCase(),
        imageUrl,
        ownerUserId: application.userId,
        isVerified: true,
        now,
      });
      await replaceServices(
        tx,
        providerId,
        servicesFromCatalog(application, defaultDeliveryFor(category.slug)),
        now,
      );
      await replaceSchedule(tx, providerId, schedule);
      await refreshSearchDocuments(tx, [providerId]);
      const applicant = await findAdminUser(tx, application.userId);
      if (applicant && applicant.role !== 'admin') await setRole(tx, application.userId, 'partner', now);
      Object.assign(values, {
        categoryId: category.id,
        providerId,
        adminNotes: [body.adminNotes, note].filter(Boolean).join('\n') || null,
      });
      decision = { outcome: 'approved' };
    }
    await updateApplication(tx, id, values);
    await recordAdminAction(tx, {
      adminUserId: deps.adminUserId,
      action:
        decision.outcome === 'approved'
          ? 'application.approved'
          : decision.outcome === 'rejected'
            ? 'application.rejected'
            : 'application.more_info_requested',
      targetType: 'application',
      targetId: id,
      before: decisionValues(application),
      after: decisionValues({ ...application, ...values }),
      at: now,
    });
    await enqueueEmail(
      tx,
      {
        to: application.email,
        kind: 'application_decision',
        ...applicationDecisionEmail({
          publicUrl: env.PUBLIC_URL,
          fullName: application.fullName,
          businessName: application.businessName,
          decision,
        }),
      },
      { now },
    );
    await insertNotifications(tx, [
      {
        userId: application.userId,
        type: 'update',
        // In the applicant's language (an admin's reason or question stays as they wrote it).
        ...inEveryLanguage((locale) => {
          const values = { business: application.businessName };
          if (decision.outcome === 'approved')
            return {
              title: emailText(locale, 'inApp.applicationApproved.title'),
              message: emailText(locale, 'inApp.applicationApproved.message', values),
            };
          if (decision.outcome === 'rejected')
            return {
              title: emailText(locale, 'inApp.applicationRejected.title'),
              message: emailText(locale, 'inApp.applicationRejected.message', {
                ...values,
                reason: decision.reason,
              }),
            };
          return {
            title: emailText(locale, 'inApp.applicationNeedsInfo.title'),
            message: emailText(locale, 'inApp.applicationNeedsInfo.message', {
              ...values,
              needed: decision.needed,
            }),
          };
        }),
        linkUrl: decision.outcome === 'approved' ? '/partner-dashboard' : null,
        now,
      },
    ]);
  });
  if (body.status === 'approved') deps.catalogCache.invalidate();
  const [updated] = await listApplications(db, id);
  return updated!;
}

/** What the audit log keeps of an application decision: its state, never the applicant's details. */
export function decisionValues(
  a: Pick<ApplicationRow, 'status' | 'adminNotes' | 'categoryId' | 'providerId'>,
) {
  return { status: a.status, adminNotes: a.adminNotes, categoryId: a.categoryId, providerId: a.providerId };
}

/** Switches a user between user and partner; admin accounts are never changed here. */
export async function changeUserRole(
  deps: Pick<AdminDeps, 'db' | 'clock' | 'adminUserId'>,
  id: number,
  role: 'user' | 'partner',
): Promise<AdminUser> {
  return deps.db.transaction(async (tx) => {
    const user = await findAdminUser(tx, id, { forUpdate: true });
    if (!user) throw adminErrors.userNotFound();
    if (user.role === 'admin') throw adminErrors.adminLocked();
    // A published listing takes bookings only a partner can see, cancel or complete: its owner stays one
    // (docs/product.md §12).
    if (user.role === 'partner' && role === 'user' && (await ownsPublishedListing(tx, id)))
      throw adminErrors.partnerHasListing();
    if (user.role !== role) {
      const now = deps.clock.now();
      await setRole(tx, id, role, now);
      await recordAdminAction(tx, {
        adminUserId: deps.adminUserId,
        action: 'user.role_changed',
        targetType: 'user',
        targetId: id,
        before: { role: user.role },
        after: { role },
        at: now,
      });
    }
    return { ...user, role };
  });
}

/** Runs a dead job again from its first attempt; answers the queue as it is now. */
export async function retryJob(deps: Pick<AdminDeps, 'db' | 'clock' | 'adminUserId'>, id: number) {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const job = await findJob(tx, id);
    if (!job || !(await retryFailedJob(tx, id, now))) throw adminErrors.jobNotFound();
    await recordAdminAction(tx, {
      adminUserId: deps.adminUserId,
      action: 'job.retried',
      targetType: 'job',
      targetId: id,
      before: { kind: job.kind, state: job.state, attempts: job.attempts, lastError: job.lastError },
      after: { kind: job.kind, state: 'pending', attempts: 0 },
      at: now,
    });
  });
  return jobsOverview(deps.db);
}

/** The Apps tab: every application, newest first, with its documents and questions. */
export function applicationsForReview(deps: Pick<AdminDeps, 'db'>) {
  return listApplications(deps.db);
}

/** The Bookings tab: everyone's bookings, as the one booking view. */
export function allBookings(deps: Pick<AdminDeps, 'db' | 'clock'>) {
  return listBookingViews(deps.db, { everyone: true }, deps.clock.now());
}

/** The Users tab. */
export function allUsers(deps: Pick<AdminDeps, 'db'>) {
  return listUsers(deps.db);
}

/** The Jobs tab: counts by kind and state, and what failed every attempt. */
export function jobsQueue(deps: Pick<AdminDeps, 'db'>) {
  return jobsOverview(deps.db);
}
