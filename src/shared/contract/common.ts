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

/** An ISO 8601 date and time with its zone: `Z` or an offset (`2026-11-25T14:00:00-05:00`). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A date and time a client sends (a booking's start, a move's new start, a promotion's dates): an ISO
 * 8601 instant with its zone, in a year of four digits. Without a zone, `Date.parse` reads the wall
 * time in the server process's own zone (`2026-11-25T14:00:00` was 14:00 UTC, 9:00 AM in Toronto, on
 * a server in UTC), and other forms it reads (`Dec 1 2026 14:00`) likewise; six-digit and negative
 * years (`+275760-09-13T00:00:00Z`) cannot be stored and would fail there, a 500.
 */
export const dateTimeInput = (required: string, invalid: string) =>
  z.string({ message: required }).refine(
    (s) => {
      const year = new Date(s).getUTCFullYear();
      return ISO_INSTANT.test(s) && !Number.isNaN(Date.parse(s)) && year >= 1000 && year <= 9999;
    },
    { message: invalid },
  );

/**
 * A calendar date `YYYY-MM-DD` that exists (not 2026-02-30, which `Date` reads as March 2) in a year
 * from 2000 to 2999: a date people pick, from which a window of days is counted and stored.
 */
export const calendarDate = (invalid: string) =>
  z.string().refine((d) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
    const noon = new Date(`${d}T12:00:00Z`);
    const year = Number(d.slice(0, 4));
    return !Number.isNaN(noon.getTime()) && noon.toISOString().startsWith(d) && year >= 2000 && year <= 2999;
  }, invalid);
