import { z } from 'zod';

/** Every error the API answers: a stable code and a sentence for people. */
export const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof errorSchema>;

const DECIMAL = /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/;

/**
 * A number that may arrive as text (a path or query parameter, a form's field): decimal digits,
 * perhaps with a minus sign and a fraction, are read as their number; anything else stays as sent and
 * fails the number's own check, with its message. Plain coercion (`Number`) would also read `0x10` as
 * 16, `1e3` as 1000, `''`, `null` and `false` as 0 and `true` as 1.
 */
export function decimalNumber<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v), schema);
}

export const idParamsSchema = z.object({
  id: decimalNumber(
    z
      .number({ message: 'id must be a positive whole number' })
      .int('id must be a positive whole number')
      .positive('id must be a positive whole number')
      .max(2_147_483_647, 'id is too large'),
  ),
});

/**
 * A row's id sent in a body or a query: a positive whole number that fits PostgreSQL's `integer`
 * (a larger one would reach the database and fail there, a 500, instead of a 400 here).
 */
export const databaseId = (name: string) =>
  decimalNumber(
    z
      .number({ message: `${name} must be a number` })
      .int(`${name} must be a positive whole number`)
      .positive(`${name} must be a number`)
      .max(2_147_483_647, `${name} is too large`),
  );

export const isoDateTime = z.string().describe('ISO 8601 instant');

/**
 * A date and time a customer sends (a booking's start, a move's new start): any form `Date.parse`
 * reads, in a year of four digits. JavaScript also reads six-digit and negative years
 * (`+275760-09-13T00:00:00Z`), which the database cannot store: those would fail there, a 500,
 * instead of a 400 here.
 */
export const dateTimeInput = (required: string, invalid: string) =>
  z.string({ message: required }).refine(
    (s) => {
      const year = new Date(s).getUTCFullYear();
      return !Number.isNaN(Date.parse(s)) && year >= 1000 && year <= 9999;
    },
    { message: invalid },
  );
