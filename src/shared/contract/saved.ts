import { z } from 'zod';
import { providerSchema } from './catalog';
import { decimalNumber, databaseId, isoDateTime } from './common';

/** Saved services: the hearts on provider and service cards, per signed-in user. */

export const savedServiceBodySchema = z.object({
  providerId: databaseId('providerId'),
});
export const savedProviderParamsSchema = z.object({
  providerId: decimalNumber(
    z.number({ message: 'providerId must be a positive whole number' }).int().positive().max(2_147_483_647),
  ),
});
export const savedServicesResponseSchema = z.array(providerSchema.extend({ savedAt: isoDateTime }));
