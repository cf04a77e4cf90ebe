import { createHash } from 'node:crypto';
import type { OperatingDay } from '../../../shared/contract/applications';
import {
  attachDocuments,
  insertApplication,
  insertDocuments,
} from '../../modules/applications/applications.repository';
import type { FileStorage } from '../../modules/applications/storage';
import { detectAllowedType, sanitiseOriginalName } from '../../modules/applications/uploads';
import { hashPassword } from '../../modules/auth/password-hash';
import type { Executor } from '../client';
import { decisionValues } from '../../modules/admin/admin.usecases';
import { recordAdminAction } from '../../modules/audit/audit.usecases';
import type { PriceCatalogItem, providerApplications } from '../schema';
import { DEMO_APPLICATIONS, type DemoDocument, PARTNER_APPLICATION_DOCUMENTS } from './application-data';
import { demoPdf } from './demo-pdf';
import { findUserIdByEmail, insertUser } from './factories';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

type StoredDocument = { filename: string; originalName: string; mimeType: string; sizeBytes: number };
export type DemoDocumentFiles = Map<DemoDocument, StoredDocument>;

/**
 * Stores the file once: a file of that name already there is the same file (names come from the
 * content). Two processes seeding at once may trip over each other's temporary file; they try again.
 */
async function putOnce(storage: FileStorage, filename: string, content: Buffer) {
  for (let attempt = 1; ; attempt++) {
    if (await storage.exists(filename)) return;
    try {
      await storage.put(filename, content);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 25 + Math.random() * 25));
    }
  }
}

/**
 * Writes every demo application's documents to storage, where the app serves them from, as the
 * upload flow would (a PDF, checked by its content, under `<hex>-<sanitised name>`). The hex part
 * is a hash of the name and content rather than random, so the files stay the same however often
 * demo databases are seeded. Runs before anything is written to the database, so a storage that
 * cannot be written stops the seed before it starts.
 */
export async function writeDemoDocuments(storage: FileStorage): Promise<DemoDocumentFiles> {
  const files: DemoDocumentFiles = new Map();
  const all = [...DEMO_APPLICATIONS.flatMap((a) => a.documents), ...PARTNER_APPLICATION_DOCUMENTS];
  for (const document of all) {
    const content = demoPdf(document.title, document.lines);
    const type = await detectAllowedType('document', content);
    if (!type) throw new Error(`demo document ${document.name} is not an accepted document`);
    const hex = createHash('sha256').update(document.name).update(content).digest('hex').slice(0, 32);
    const filename = `${hex}-${sanitiseOriginalName(document.name, type.ext)}`;
    await putOnce(storage, filename, content);
    files.set(document, {
      filename,
      originalName: document.name,
      mimeType: type.mime,
      sizeBytes: content.length,
    });
  }
  return files;
}

/** The application and its documents, as the registration flow records them: files first, then linked. */
async function insertWithDocuments(
  db: Executor,
  files: DemoDocumentFiles,
  documents: DemoDocument[],
  values: Omit<typeof providerApplications.$inferInsert, 'documents'> & { createdAt: Date },
) {
  const stored = documents.map((d) => files.get(d)!);
  await insertDocuments(
    db,
    stored.map((file) => ({
      ...file,
      kind: 'document' as const,
      // Registration uploads are anonymous: the applicant has no account until the form is sent.
      uploadedByUserId: null,
      createdAt: new Date(values.createdAt.getTime() - 10 * MINUTE_MS),
    })),
  );
  const filenames = stored.map((file) => file.filename);
  const id = await insertApplication(db, { ...values, documents: filenames });
  await attachDocuments(db, filenames, id);
  return id;
}

/** How an applicant would type a duration: "2 hours", "90 min". */
function durationText(minutes: number | null | undefined): string | null {
  if (!minutes) return null;
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} min`;
}

export type PartnerListing = {
  userId: number;
  fullName: string;
  email: string;
  phone: string;
  providerId: number;
  categoryId: number;
  name: string;
  description: string;
  city: string;
  services: {
    name: string;
    priceCents: number;
    description?: string | null;
    durationMinutes?: number | null;
  }[];
};

/**
 * The demo applications (application-data.ts): three pending, one rejected with its reason, each
 * with its applicant's account (role user); and the seeded partner's own application, approved long
 * ago in the category of the listing it became (docs/product.md §11: approval makes a partner).
 */
export async function seedDemoApplications(
  db: Executor,
  input: {
    now: Date;
    password: string;
    files: DemoDocumentFiles;
    partner: PartnerListing;
    /** The admin who decided the decided ones: the audit log names them (docs/decisions/009). */
    adminUserId: number;
  },
) {
  const { now, files, partner } = input;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const passwordHash = await hashPassword(input.password);

  for (const application of DEMO_APPLICATIONS) {
    // A database where someone already registered with this address keeps theirs.
    if (await findUserIdByEmail(db, application.email)) continue;
    const submittedAt = ago(application.submittedHoursAgo * HOUR_MS);
    const verifiedAt = application.emailVerified ? new Date(submittedAt.getTime() + 25 * MINUTE_MS) : null;
    const userId = await insertUser(db, {
      email: application.email,
      fullName: application.fullName,
      phone: application.phone,
      passwordHash,
      emailVerifiedAt: verifiedAt,
      createdAt: submittedAt,
    });
    const applicationId = await insertWithDocuments(db, files, application.documents, {
      userId,
      fullName: application.fullName,
      email: application.email,
      phone: application.phone,
      businessName: application.businessName,
      businessNumber: application.businessNumber,
      googleBusinessUrl: null,
      city: application.city,
      province: 'on',
      servicesDescription: application.servicesDescription,
      operatingDays: application.operatingDays,
      operatingHours: application.operatingHours,
      priceCatalog: application.priceCatalog,
      hasPriceList: false,
      priceListFile: null,
      profileImage: null,
      status: application.decision?.status ?? 'pending',
      adminNotes: application.decision?.adminNotes ?? null,
      emailVerifiedAt: verifiedAt,
      decidedAt: application.decision ? ago(application.decision.hoursAgo * HOUR_MS) : null,
      createdAt: submittedAt,
    });
    if (application.decision)
      await recordDecision(db, {
        adminUserId: input.adminUserId,
        applicationId,
        after: { status: application.decision.status, adminNotes: application.decision.adminNotes },
        at: ago(application.decision.hoursAgo * HOUR_MS),
      });
  }

  const submittedAt = ago(400 * DAY_MS);
  const priceCatalog: PriceCatalogItem[] = partner.services.map((s) => ({
    serviceName: s.name,
    price: String(s.priceCents / 100),
    description: s.description ?? null,
    duration: durationText(s.durationMinutes),
  }));
  const days: OperatingDay[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const adminNotes = 'Licence and insurance checked. Welcome to Trillium!';
  const approvedAt = ago(398 * DAY_MS);
  const partnerApplicationId = await insertWithDocuments(db, files, PARTNER_APPLICATION_DOCUMENTS, {
    userId: partner.userId,
    fullName: partner.fullName,
    email: partner.email,
    phone: partner.phone,
    businessName: partner.name,
    businessNumber: '812745903RC0001',
    googleBusinessUrl: null,
    city: partner.city,
    province: 'on',
    servicesDescription: partner.description,
    operatingDays: days,
    operatingHours: '8:00 AM - 6:00 PM',
    priceCatalog,
    hasPriceList: false,
    priceListFile: null,
    profileImage: null,
    status: 'approved',
    adminNotes,
    categoryId: partner.categoryId,
    providerId: partner.providerId,
    emailVerifiedAt: new Date(submittedAt.getTime() + 40 * MINUTE_MS),
    decidedAt: approvedAt,
    createdAt: submittedAt,
  });
  await recordDecision(db, {
    adminUserId: input.adminUserId,
    applicationId: partnerApplicationId,
    after: { status: 'approved', adminNotes, categoryId: partner.categoryId, providerId: partner.providerId },
    at: approvedAt,
  });
}

/** A decided demo application's entry in the admin audit log, as the admin's decision writes it. */
function recordDecision(
  db: Executor,
  input: {
    adminUserId: number;
    applicationId: number;
    after: { status: 'approved' | 'rejected'; adminNotes: string; categoryId?: number; providerId?: number };
    at: Date;
  },
) {
  return recordAdminAction(db, {
    adminUserId: input.adminUserId,
    action: input.after.status === 'approved' ? 'application.approved' : 'application.rejected',
    targetType: 'application',
    targetId: input.applicationId,
    before: decisionValues({ status: 'pending', adminNotes: null, categoryId: null, providerId: null }),
    after: decisionValues({ categoryId: null, providerId: null, ...input.after }),
    at: input.at,
  });
}
