import type { Readable } from 'node:stream';
import type { Locale } from '../../../shared/i18n/locales';
import { type ApplicationInput, UPLOAD_LIMITS, type UploadKind } from '../../../shared/contract/applications';
import type { User } from '../../../shared/contract/auth';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { emailExists, insertEmailToken, insertUserWithDerivedUsername } from '../auth/auth.repository';
import { hashPassword } from '../auth/password-hash';
import { isUniqueViolation } from '../../db/errors';
import { enqueueEmail } from '../email/email.outbox.repository';
import { emailVerificationEmail } from '../email/email.templates';
import { applicationErrors, documentErrors } from './applications.errors';
import {
  attachDocuments,
  type DocumentRow,
  type NewDocument,
  findDocument,
  findOwnDocument,
  findUnclaimedUploads,
  findVerificationToken,
  insertApplication,
  insertDocuments,
  markEmailVerified,
  markTokenUsed,
} from './applications.repository';
import type { FileStorage } from './storage';
import { decodeImageDataUrl, detectAllowedType, storedName } from './uploads';

export type ApplicationDeps = { db: Database; clock: Clock; env: Env; storage: FileStorage };

/** A verification link stays valid this long. */
export const VERIFICATION_TOKEN_MS = 24 * 3_600_000;

/** One file part of an upload as it arrives; `read` throws the multipart size error past the limit. */
export type IncomingFile = { originalName: string; read(): Promise<Buffer> };

/**
 * Checks every file by its content and size, then stores them all and records them, or none: a bad
 * file anywhere in the request removes the ones already written.
 */
export async function storeUploads(
  deps: Pick<ApplicationDeps, 'db' | 'clock' | 'storage'>,
  input: { kind: UploadKind; files: AsyncIterable<IncomingFile>; user: User | null },
): Promise<string[]> {
  const limit = UPLOAD_LIMITS[input.kind].maxBytes;
  const written: NewDocument[] = [];
  try {
    for await (const file of input.files) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
      const name = file.originalName.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'file';
      let content: Buffer;
      try {
        content = await file.read();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw documentErrors.tooLarge(input.kind, name);
        throw error;
      }
      if (content.length > limit) throw documentErrors.tooLarge(input.kind, name);
      const type = await detectAllowedType(input.kind, content);
      if (!type) throw documentErrors.invalidType(input.kind, name);
      const filename = storedName(name, type.ext);
      await deps.storage.put(filename, content);
      written.push({
        filename,
        originalName: name,
        mimeType: type.mime,
        sizeBytes: content.length,
        kind: input.kind,
        uploadedByUserId: input.user?.id ?? null,
        createdAt: deps.clock.now(),
      });
    }
    if (written.length === 0) throw documentErrors.noFiles();
    await insertDocuments(deps.db, written);
  } catch (error) {
    await Promise.all(written.map((w) => deps.storage.delete(w.filename).catch(() => {})));
    throw error;
  }
  return written.map((w) => w.filename);
}

/** Stores an image sent as a data URL (the prototype's way) as a profile_image upload. */
async function storeDataUrlImage(deps: ApplicationDeps, dataUrl: string): Promise<string> {
  const content = decodeImageDataUrl(dataUrl);
  if (!content) throw applicationErrors.unknownProfileImage();
  if (content.length > UPLOAD_LIMITS.profile_image.maxBytes) throw applicationErrors.profileImageTooLarge();
  const type = await detectAllowedType('profile_image', content);
  if (!type) throw applicationErrors.unknownProfileImage();
  const filename = storedName('profile-image', type.ext);
  await deps.storage.put(filename, content);
  await insertDocuments(deps.db, [
    {
      filename,
      originalName: `profile-image.${type.ext}`,
      mimeType: type.mime,
      sizeBytes: content.length,
      kind: 'profile_image',
      createdAt: deps.clock.now(),
    },
  ]);
  return filename;
}

/**
 * Creates the applicant's account (role user) and the pending application in one transaction, links
 * the uploaded files to it and e-mails a verification link valid 24 hours.
 */
export async function submitApplication(
  deps: ApplicationDeps,
  body: ApplicationInput & { language?: Locale },
) {
  const { db, clock, env } = deps;
  if (await emailExists(db, body.email)) throw applicationErrors.emailTaken();
  let profileImage: string | null = null;
  if (body.profileImage?.startsWith('data:')) profileImage = await storeDataUrlImage(deps, body.profileImage);
  else if (body.profileImage && /^[a-f0-9]{16,64}-/.test(body.profileImage)) profileImage = body.profileImage;
  // Any other value (the prototype's stock image URL, an empty string) means "no image".
  const passwordHash = await hashPassword(body.password);
  const now = clock.now();
  try {
    return await db.transaction(async (tx) => {
      const docs = await findUnclaimedUploads(tx, body.documents, 'document');
      if (docs.length !== body.documents.length) throw applicationErrors.unknownDocuments();
      if (body.priceListFile) {
        const [list] = await findUnclaimedUploads(tx, [body.priceListFile], 'price_list');
        if (!list) throw applicationErrors.unknownPriceList();
      }
      if (profileImage) {
        const [image] = await findUnclaimedUploads(tx, [profileImage], 'profile_image');
        if (!image) throw applicationErrors.unknownProfileImage();
      }
      const user = await insertUserWithDerivedUsername(tx, {
        email: body.email,
        usernameFrom: body.email.split('@')[0] ?? 'partner',
        fullName: body.fullName,
        phone: body.phone,
        passwordHash,
        language: body.language,
      });
      const applicationId = await insertApplication(tx, {
        userId: user.id,
        fullName: body.fullName,
        email: body.email,
        phone: body.phone,
        businessName: body.businessName,
        businessNumber: body.businessNumber,
        googleBusinessUrl: body.googleBusinessUrl,
        city: body.city,
        province: body.province,
        servicesDescription: body.servicesDescription,
        operatingDays: body.operatingDays,
        operatingHours: body.operatingHours,
        documents: body.documents,
        priceCatalog: body.priceCatalog,
        hasPriceList: body.hasPriceList,
        priceListFile: body.priceListFile,
        profileImage,
        status: 'pending',
        createdAt: now,
      });
      await attachDocuments(
        tx,
        [
          ...body.documents,
          ...(body.priceListFile ? [body.priceListFile] : []),
          ...(profileImage ? [profileImage] : []),
        ],
        applicationId,
      );
      const token = await insertEmailToken(tx, {
        userId: user.id,
        purpose: 'email_verification',
        expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_MS),
        now,
      });
      await enqueueEmail(
        tx,
        {
          to: body.email,
          kind: 'email_verification',
          ...emailVerificationEmail({
            publicUrl: env.PUBLIC_URL,
            email: body.email,
            token,
            businessName: body.businessName,
          }),
        },
        { now },
      );
      return applicationId;
    });
  } catch (error) {
    // Two applications racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw applicationErrors.emailTaken();
    throw error;
  }
}

/** Uses a verification link: marks the account's e-mail and its applications verified. */
export async function verifyEmail(
  deps: Pick<ApplicationDeps, 'db' | 'clock'>,
  input: { token?: string; email?: string },
): Promise<{ businessName: string; alreadyVerified: boolean }> {
  const token = input.token?.trim();
  if (!token) throw applicationErrors.missingToken();
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await findVerificationToken(tx, token);
    const email = input.email?.trim().toLowerCase();
    if (!row || (email && row.email.toLowerCase() !== email)) throw applicationErrors.invalidToken();
    // Opening the link again (a second click, the phone after the laptop) says it is done, not an error.
    if (row.usedAt && row.emailVerifiedAt) {
      const businessName = await markEmailVerified(tx, row.userId, row.emailVerifiedAt);
      return { businessName: businessName ?? 'your business', alreadyVerified: true };
    }
    if (row.usedAt) throw applicationErrors.tokenUsed();
    if (row.expiresAt.getTime() <= now.getTime()) throw applicationErrors.tokenExpired();
    if (!(await markTokenUsed(tx, row.id, now))) throw applicationErrors.tokenUsed();
    const businessName = await markEmailVerified(tx, row.userId, now);
    return { businessName: businessName ?? 'your business', alreadyVerified: false };
  });
}

/** A stored document for download: admins read any; others only their own (401 signed out, 403 otherwise). */
export async function openDocument(
  deps: Pick<ApplicationDeps, 'db' | 'storage'>,
  user: User,
  filename: string,
): Promise<{ document: DocumentRow; stream: Readable }> {
  const document =
    user.role === 'admin'
      ? await findDocument(deps.db, filename)
      : await findOwnDocument(deps.db, filename, user.id);
  if (!document) throw user.role === 'admin' ? documentErrors.notFound() : documentErrors.forbidden();
  if (!(await deps.storage.exists(document.filename))) throw documentErrors.notFound();
  return { document, stream: deps.storage.get(document.filename) };
}

/** A provider photo: public, and only documents of that kind. */
export async function openProviderPhoto(deps: Pick<ApplicationDeps, 'db' | 'storage'>, filename: string) {
  const document = await findDocument(deps.db, filename);
  if (document?.kind !== 'provider_photo') throw documentErrors.notFound();
  if (!(await deps.storage.exists(document.filename))) throw documentErrors.notFound();
  return { document, stream: deps.storage.get(document.filename) };
}
