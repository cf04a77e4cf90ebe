import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AdminApplication, AdminUser } from '../../../shared/contract/admin';
import { displayFilename } from '../../../shared/contract/applications';
import { cityLabel } from '../../../shared/domain/ontario';
import type { Executor } from '../../db/client';
import { listRequests } from '../applications/applications.repository';
import { toRequestView } from '../applications/applications.replies';
import { categories, documents, providerApplications, providers, users } from '../../db/schema';

export type ApplicationRow = typeof providerApplications.$inferSelect;

/** Whether the account owns a listing customers can book (a published one). */
export async function ownsPublishedListing(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.ownerUserId, userId), eq(providers.isActive, true)))
    .limit(1);
  return rows.length > 0;
}

/** Every application newest first, or only the one with `onlyId`, with its files and category name. */
export async function listApplications(db: Executor, onlyId?: number): Promise<AdminApplication[]> {
  const rows = await db
    .select({ application: providerApplications, category: categories.name, categorySlug: categories.slug })
    .from(providerApplications)
    .leftJoin(categories, eq(categories.id, providerApplications.categoryId))
    .where(onlyId === undefined ? undefined : eq(providerApplications.id, onlyId))
    .orderBy(desc(providerApplications.createdAt), desc(providerApplications.id));
  const ids = rows.map((r) => r.application.id);
  const files =
    ids.length === 0
      ? []
      : await db
          .select({
            applicationId: documents.applicationId,
            filename: documents.filename,
            originalName: documents.originalName,
            kind: documents.kind,
            mimeType: documents.mimeType,
            sizeBytes: documents.sizeBytes,
          })
          .from(documents)
          .where(inArray(documents.applicationId, ids))
          .orderBy(documents.id);
  const requests = await listRequests(db, ids);
  return rows.map(({ application: a, category, categorySlug }) => ({
    requests: (requests.get(a.id) ?? []).map(toRequestView),
    id: a.id,
    userId: a.userId,
    fullName: a.fullName,
    email: a.email,
    phone: a.phone,
    businessName: a.businessName,
    businessNumber: a.businessNumber,
    googleBusinessUrl: a.googleBusinessUrl,
    city: a.city,
    cityLabel: cityLabel(a.city),
    province: a.province,
    servicesDescription: a.servicesDescription,
    operatingDays: a.operatingDays,
    operatingHours: a.operatingHours,
    documents: a.documents,
    files: files
      .filter((f) => f.applicationId === a.id)
      .map(({ applicationId: _ignored, originalName, ...f }) => ({
        ...f,
        originalName: originalName || displayFilename(f.filename),
      })),
    priceCatalog: a.priceCatalog.map((item) => ({
      serviceName: item.serviceName,
      price: item.price,
      description: item.description ?? null,
      duration: item.duration ?? null,
    })),
    hasPriceList: a.hasPriceList,
    priceListFile: a.priceListFile,
    priceListUrl: a.priceListFile,
    profileImage: a.profileImage,
    serviceCategory: 'General Services',
    applicantType: 'business',
    category,
    categorySlug,
    categoryId: a.categoryId,
    providerId: a.providerId,
    status: a.status,
    adminNotes: a.adminNotes,
    emailVerified: a.emailVerifiedAt !== null,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
  }));
}

export async function lockApplication(db: Executor, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(providerApplications)
    .where(eq(providerApplications.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function updateApplication(db: Executor, id: number, values: Partial<ApplicationRow>) {
  await db.update(providerApplications).set(values).where(eq(providerApplications.id, id));
}

export async function findCategory(db: Executor, id: number) {
  const [row] = await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return row;
}

export async function findDocumentByName(db: Executor, filename: string) {
  const [row] = await db.select().from(documents).where(eq(documents.filename, filename)).limit(1);
  return row;
}

export async function setRole(db: Executor, userId: number, role: 'user' | 'partner', now: Date) {
  await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
}

const userColumns = {
  id: users.id,
  fullName: users.fullName,
  username: users.username,
  email: users.email,
  phone: users.phone,
  city: users.city,
  role: users.role,
  createdAt: users.createdAt,
};

function toAdminUser(row: { createdAt: Date } & Omit<AdminUser, 'createdAt'>): AdminUser {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function listUsers(db: Executor): Promise<AdminUser[]> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(5000);
  return rows.map(toAdminUser);
}

export async function findAdminUser(
  db: Executor,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<AdminUser | undefined> {
  const query = db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ? toAdminUser(row) : undefined;
}
