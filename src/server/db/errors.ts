/** PostgreSQL's error code of a failed query, wherever the driver put it (drizzle wraps it in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A unique index refused the write (23505). */
export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';

/** An exclusion constraint refused the write (23P01): e.g. two overlapping bookings of one provider. */
export const isExclusionViolation = (error: unknown) => pgErrorCode(error) === '23P01';
