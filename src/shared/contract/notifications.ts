import { z } from 'zod';
import { isoDateTime } from './common';

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  type: z.enum(['booking', 'payment', 'update', 'system']),
  linkUrl: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsResponseSchema = z.array(notificationSchema);
export const notificationPatchSchema = z.object({ isRead: z.boolean() });
