import { z } from 'zod';
import { isoDateTime } from './common';

export const promotionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string(),
  code: z.string().nullable(),
  startDate: isoDateTime,
  endDate: isoDateTime,
  isActive: z.boolean(),
});
export type Promotion = z.infer<typeof promotionSchema>;
export const promotionsResponseSchema = z.array(promotionSchema);

export const ANNOUNCEMENT_TYPES = ['update', 'important', 'info'] as const;
export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  publishedDate: isoDateTime,
  readMoreUrl: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementsResponseSchema = z.array(announcementSchema);

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
