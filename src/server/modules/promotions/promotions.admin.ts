import {
  type AdminAnnouncement,
  type AdminPromotion,
  type AnnouncementBody,
  type AnnouncementPatch,
  announcementFieldsSchema,
  checkPromotion,
  type PromotionBody,
  type PromotionPatch,
  promotionFieldsSchema,
} from '../../../shared/contract/promotions';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import { violatedConstraint } from '../../db/errors';
import { recordAdminAction } from '../audit/audit.usecases';
import {
  type AnnouncementRow,
  findAnnouncement,
  insertAnnouncement,
  listAllAnnouncements,
  updateAnnouncement,
} from '../content/content.repository';
import { promotionErrors } from './promotions.errors';
import {
  codeTaken,
  countCategories,
  findPromotion,
  insertPromotion,
  listPromotionsWithUses,
  type PromotionRow,
  updatePromotion,
  useCounts,
} from './promotions.repository';

/**
 * The admins' promotions and announcements (docs/product.md §12): create, edit, schedule (dates) and
 * deactivate; each change is recorded in the admin audit log in its own transaction (decision 009).
 */

type AdminDeps = { db: Executor; clock: Clock; adminUserId: number };

function toAdminPromotion(row: PromotionRow, counts: { uses: number; held: number }): AdminPromotion {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    code: row.code,
    discountType: row.discountType,
    discountValue: row.discountValue,
    minSpend: row.minSpendCents,
    categoryIds: row.categoryIds,
    cities: row.cities,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    isActive: row.isActive,
    uses: Number(counts.uses),
    held: Number(counts.held),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields an audit entry shows (the promotion as the form has it), never more. */
const auditedPromotion = (p: AdminPromotion) => {
  const { uses: _uses, held: _held, updatedAt: _updatedAt, id: _id, ...fields } = p;
  return fields;
};

/** Only the fields that changed, before and after. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
  };
}

export async function adminPromotions(deps: { db: Executor }): Promise<AdminPromotion[]> {
  const rows = await listPromotionsWithUses(deps.db);
  return rows.map((r) => toAdminPromotion(r.promotion, r));
}

async function assertUsable(db: Executor, values: PromotionBody, exceptId?: number) {
  if (values.code && (await codeTaken(db, values.code, exceptId)))
    throw promotionErrors.codeTaken(values.code);
  const categories = [...new Set(values.categoryIds)];
  if ((await countCategories(db, categories)) !== categories.length) throw promotionErrors.unknownCategory();
}

const columnsOf = (values: PromotionBody) => ({
  title: values.title,
  description: values.description,
  imageUrl: values.imageUrl,
  linkUrl: values.linkUrl,
  code: values.code,
  discountType: values.discountType,
  discountValue: values.discountValue,
  minSpendCents: values.minSpend,
  categoryIds: [...new Set(values.categoryIds)],
  cities: values.cities,
  maxUses: values.maxUses,
  maxUsesPerCustomer: values.maxUsesPerCustomer,
  startDate: new Date(values.startDate),
  endDate: new Date(values.endDate),
  isActive: values.isActive,
});

/**
 * Two admins saving one code at the same moment both pass `codeTaken`; the unique index refuses the
 * second insert or update, which is the same answer as the check's, not a 500.
 */
async function codeRace<T>(code: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (code && violatedConstraint(error) === 'promotions_code_unique') throw promotionErrors.codeTaken(code);
    throw error;
  }
}

/** POST /api/admin/promotions */
export async function createPromotion(deps: AdminDeps, body: PromotionBody): Promise<AdminPromotion> {
  const now = deps.clock.now();
  return codeRace(body.code, () => createPromotionOnce(deps, body, now));
}

async function createPromotionOnce(deps: AdminDeps, body: PromotionBody, now: Date) {
  return deps.db.transaction(async (tx) => {
    await assertUsable(tx, body);
    const row = await insertPromotion(tx, { ...columnsOf(body), createdAt: now, updatedAt: now });
    const created = toAdminPromotion(row, { uses: 0, held: 0 });
    await recordAdminAction(tx, {
      adminUserId: deps.adminUserId,
      action: 'promotion.created',
      targetType: 'promotion',
      targetId: row.id,
      after: auditedPromotion(created),
      at: now,
    });
    return created;
  });
}

/**
 * PATCH /api/admin/promotions/:id: any fields; the promotion they make is checked as a new one would be
 * (a code needs a discount, the end comes after the start...), except a switch off alone. `isActive:
 * false` deactivates it.
 */
export async function changePromotion(
  deps: AdminDeps,
  id: number,
  patch: PromotionPatch,
): Promise<AdminPromotion> {
  const now = deps.clock.now();
  return codeRace(patch.code, () => changePromotionOnce(deps, id, patch, now));
}

async function changePromotionOnce(deps: AdminDeps, id: number, patch: PromotionPatch, now: Date) {
  return deps.db.transaction(async (tx) => {
    const current = await findPromotion(tx, id, { forUpdate: true });
    if (!current) throw promotionErrors.notFound();
    const before = toAdminPromotion(current, { uses: 0, held: 0 });
    const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    // Switching a promotion off changes nothing else, so it is not checked as a new one: an old code
    // without a discount (docs/product.md §7) can be switched off as it is; switched on, or edited, it is
    // checked whole.
    const onlySwitchedOff = given.isActive === false && Object.keys(given).length === 1;
    const rules = onlySwitchedOff ? promotionFieldsSchema : promotionFieldsSchema.superRefine(checkPromotion);
    const merged = rules.safeParse({ ...auditedPromotion(before), ...given });
    if (!merged.success)
      throw promotionErrors.invalid(merged.error.issues[0]?.message ?? 'Invalid promotion');
    await assertUsable(tx, merged.data, id);
    const row = await updatePromotion(tx, id, { ...columnsOf(merged.data), updatedAt: now });
    const after = toAdminPromotion(row, await useCounts(tx, id));
    const diff = changes(auditedPromotion(before), auditedPromotion(after));
    if (Object.keys(diff.after).length > 0)
      await recordAdminAction(tx, {
        adminUserId: deps.adminUserId,
        action: 'promotion.updated',
        targetType: 'promotion',
        targetId: id,
        ...diff,
        at: now,
      });
    return after;
  });
}

const toAdminAnnouncement = (row: AnnouncementRow): AdminAnnouncement => ({
  id: row.id,
  title: row.title,
  content: row.content,
  type: row.type,
  publishedAt: row.publishedAt.toISOString(),
  readMoreUrl: row.readMoreUrl,
  isActive: row.isActive,
  updatedAt: row.updatedAt.toISOString(),
});
const auditedAnnouncement = ({ id: _id, updatedAt: _updatedAt, ...fields }: AdminAnnouncement) => fields;

export async function adminAnnouncements(deps: { db: Executor }): Promise<AdminAnnouncement[]> {
  return (await listAllAnnouncements(deps.db)).map(toAdminAnnouncement);
}

/** POST /api/admin/announcements: published now, or at `publishedAt` (scheduled). */
export async function createAnnouncement(
  deps: AdminDeps,
  body: AnnouncementBody,
): Promise<AdminAnnouncement> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await insertAnnouncement(tx, {
      title: body.title,
      content: body.content,
      type: body.type,
      publishedAt: body.publishedAt ? new Date(body.publishedAt) : now,
      readMoreUrl: body.readMoreUrl,
      isActive: body.isActive,
      updatedAt: now,
    });
    const created = toAdminAnnouncement(row);
    await recordAdminAction(tx, {
      adminUserId: deps.adminUserId,
      action: 'announcement.created',
      targetType: 'announcement',
      targetId: row.id,
      after: auditedAnnouncement(created),
      at: now,
    });
    return created;
  });
}

/** PATCH /api/admin/announcements/:id: any fields; `isActive: false` takes it down. */
export async function changeAnnouncement(
  deps: AdminDeps,
  id: number,
  patch: AnnouncementPatch,
): Promise<AdminAnnouncement> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const current = await findAnnouncement(tx, id, { forUpdate: true });
    if (!current) throw promotionErrors.announcementNotFound();
    const before = toAdminAnnouncement(current);
    const merged = announcementFieldsSchema.safeParse({
      ...auditedAnnouncement(before),
      ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    });
    if (!merged.success)
      throw promotionErrors.invalid(merged.error.issues[0]?.message ?? 'Invalid announcement');
    const row = await updateAnnouncement(tx, id, {
      ...merged.data,
      publishedAt: new Date(merged.data.publishedAt),
      updatedAt: now,
    });
    const after = toAdminAnnouncement(row);
    const diff = changes(auditedAnnouncement(before), auditedAnnouncement(after));
    if (Object.keys(diff.after).length > 0)
      await recordAdminAction(tx, {
        adminUserId: deps.adminUserId,
        action: 'announcement.updated',
        targetType: 'announcement',
        targetId: id,
        ...diff,
        at: now,
      });
    return after;
  });
}
