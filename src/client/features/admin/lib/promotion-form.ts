import type { AdminAnnouncement, AdminPromotion } from '@shared/contract/promotions';
import { announcementBodySchema, promotionBodySchema } from '@shared/contract/promotions';
import { addDaysToDate, torontoDate, torontoInstant } from '@shared/domain/time';
import { z } from 'zod';

/**
 * The Promotions tab's forms (docs/product.md §7) as people fill them: amounts in dollars, whole Toronto
 * days for the dates, empty for "no limit". Each form's output is the request body, checked by the
 * body's own schema, so the screen and the server never disagree.
 */

/** A form's last step: its values parsed by the request body's schema, whose issues keep their paths. */
function parsedBy<T extends z.ZodType>(schema: T) {
  return (value: unknown, ctx: z.RefinementCtx): z.output<T> => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  };
}

const cents = (dollars: string) => (dollars.trim() === '' ? 0 : Math.round(Number(dollars) * 100));
const wholeOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
/** A Toronto day's first instant, or (for an end) its last second. */
const dayStart = (date: string) => (date ? torontoInstant(date, 0).toISOString() : '');
const dayEnd = (date: string) =>
  date ? new Date(torontoInstant(addDaysToDate(date, 1), 0).getTime() - 1000).toISOString() : '';

export const promotionFormSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    linkUrl: z.string(),
    imageUrl: z.string(),
    code: z.string(),
    discountType: z.enum(['none', 'percent', 'fixed']),
    /** A percentage, or dollars for a fixed amount. */
    discountValue: z.string().regex(/^\s*(\d{1,6}(\.\d{1,2})?)?\s*$/, 'Enter a number, such as 15 or 12.50'),
    minSpend: z.string().regex(/^\s*(\d{1,6}(\.\d{1,2})?)?\s*$/, 'Enter dollars, such as 75 or 75.50'),
    categoryIds: z.array(z.string()),
    cities: z.array(z.string()),
    maxUses: z.string().regex(/^\s*\d{0,7}\s*$/, 'Enter a whole number, or leave it empty'),
    maxUsesPerCustomer: z.string().regex(/^\s*\d{0,7}\s*$/, 'Enter a whole number, or leave it empty'),
    startDate: z.string().min(1, 'Choose the first day'),
    endDate: z.string().min(1, 'Choose the last day'),
    isActive: z.boolean(),
  })
  .transform((form) => ({
    title: form.title,
    description: form.description,
    linkUrl: form.linkUrl.trim() || '/services',
    imageUrl: form.imageUrl.trim() || null,
    code: form.code.trim() || null,
    discountType: form.discountType === 'none' ? null : form.discountType,
    discountValue:
      form.discountType === 'none' || form.discountValue.trim() === ''
        ? null
        : form.discountType === 'percent'
          ? Number(form.discountValue)
          : cents(form.discountValue),
    minSpend: cents(form.minSpend),
    categoryIds: form.categoryIds.map(Number),
    cities: form.cities,
    maxUses: wholeOrNull(form.maxUses),
    maxUsesPerCustomer: wholeOrNull(form.maxUsesPerCustomer),
    startDate: dayStart(form.startDate),
    endDate: dayEnd(form.endDate),
    isActive: form.isActive,
  }))
  .transform(parsedBy(promotionBodySchema));
export type PromotionFormValues = z.input<typeof promotionFormSchema>;

const dollarsText = (value: number) => (value / 100).toFixed(2).replace(/\.00$/, '');

export function promotionFormValues(promotion: AdminPromotion | null, today: string): PromotionFormValues {
  if (!promotion)
    return {
      title: '',
      description: '',
      linkUrl: '/services',
      imageUrl: '',
      code: '',
      discountType: 'percent',
      discountValue: '',
      minSpend: '',
      categoryIds: [],
      cities: [],
      maxUses: '',
      maxUsesPerCustomer: '',
      startDate: today,
      endDate: addDaysToDate(today, 30),
      isActive: true,
    };
  return {
    title: promotion.title,
    description: promotion.description,
    linkUrl: promotion.linkUrl,
    imageUrl: promotion.imageUrl ?? '',
    code: promotion.code ?? '',
    discountType: promotion.discountType ?? 'none',
    discountValue:
      promotion.discountValue === null
        ? ''
        : promotion.discountType === 'fixed'
          ? dollarsText(promotion.discountValue)
          : String(promotion.discountValue),
    minSpend: promotion.minSpend ? dollarsText(promotion.minSpend) : '',
    categoryIds: promotion.categoryIds.map(String),
    cities: promotion.cities,
    maxUses: promotion.maxUses === null ? '' : String(promotion.maxUses),
    maxUsesPerCustomer: promotion.maxUsesPerCustomer === null ? '' : String(promotion.maxUsesPerCustomer),
    startDate: torontoDate(new Date(promotion.startDate)),
    endDate: torontoDate(new Date(promotion.endDate)),
    isActive: promotion.isActive,
  };
}

/** Scheduled, Running, Ended or Inactive, at `now`. */
export function promotionState(
  promotion: Pick<AdminPromotion, 'isActive' | 'startDate' | 'endDate'>,
  now: Date,
) {
  if (!promotion.isActive) return 'Inactive';
  if (now < new Date(promotion.startDate)) return 'Scheduled';
  if (now > new Date(promotion.endDate)) return 'Ended';
  return 'Running';
}

export const announcementFormSchema = z
  .object({
    title: z.string(),
    content: z.string(),
    type: z.enum(['update', 'important', 'info']),
    /** A Toronto day and time (`2026-12-01T09:00`), empty for now. */
    publishedAtLocal: z.string().regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})?$/, 'Choose a day and a time'),
    readMoreUrl: z.string(),
    isActive: z.boolean(),
  })
  .transform((form) => ({
    title: form.title,
    content: form.content,
    type: form.type,
    publishedAt: form.publishedAtLocal
      ? torontoInstant(
          form.publishedAtLocal.slice(0, 10),
          Number(form.publishedAtLocal.slice(11, 13)) * 60 + Number(form.publishedAtLocal.slice(14, 16)),
        ).toISOString()
      : undefined,
    readMoreUrl: form.readMoreUrl.trim() || null,
    isActive: form.isActive,
  }))
  .transform(parsedBy(announcementBodySchema));
export type AnnouncementFormValues = z.input<typeof announcementFormSchema>;

export function announcementFormValues(announcement: AdminAnnouncement | null): AnnouncementFormValues {
  if (!announcement)
    return { title: '', content: '', type: 'info', publishedAtLocal: '', readMoreUrl: '', isActive: true };
  const at = new Date(announcement.publishedAt);
  const minutes = Math.round((at.getTime() - torontoInstant(torontoDate(at), 0).getTime()) / 60_000);
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return {
    title: announcement.title,
    content: announcement.content,
    type: announcement.type,
    publishedAtLocal: `${torontoDate(at)}T${time}`,
    readMoreUrl: announcement.readMoreUrl ?? '',
    isActive: announcement.isActive,
  };
}
