import { z } from 'zod';

/** Every error the API answers: a stable code and a sentence for people. */
export const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const idParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'id must be a positive whole number' })
    .int('id must be a positive whole number')
    .positive('id must be a positive whole number')
    .max(2_147_483_647, 'id is too large'),
});

/**
 * A row's id sent in a body or a query: a positive whole number that fits PostgreSQL's `integer`
 * (a larger one would reach the database and fail there, a 500, instead of a 400 here).
 */
export const databaseId = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a positive whole number`)
    .positive(`${name} must be a number`)
    .max(2_147_483_647, `${name} is too large`);

export const isoDateTime = z.string().describe('ISO 8601 instant');
