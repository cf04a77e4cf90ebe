import { z } from 'zod';
import { providerSchema } from './catalog';
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

export const savedServiceBodySchema = z.object({
  providerId: z.coerce
    .number({ message: 'providerId must be a number' })
    .int()
    .positive('providerId must be a number'),
});
export const savedProviderParamsSchema = z.object({
  providerId: z.coerce
    .number({ message: 'providerId must be a positive whole number' })
    .int()
    .positive()
    .max(2_147_483_647),
});
export const savedServicesResponseSchema = z.array(providerSchema.extend({ savedAt: isoDateTime }));
