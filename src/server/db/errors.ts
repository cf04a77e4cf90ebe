/** PostgreSQL's error code of a failed query, wherever the driver put it (drizzle wraps it in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  for (const e of errorChain(error))
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

/** A unique index refused the write (23505). */
export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';

/** The name of the constraint or unique index that refused a write, wherever the driver put it. */
export function violatedConstraint(error: unknown): string | undefined {
  for (const e of errorChain(error)) if (typeof e.constraint === 'string') return e.constraint;
  return undefined;
}

/** An exclusion constraint refused the write (23P01): e.g. two overlapping bookings of one provider. */
export const isExclusionViolation = (error: unknown) => pgErrorCode(error) === '23P01';

/** An error and the ones it wraps, five deep at most: Drizzle wraps the driver's errors in its own. */
export function* errorChain(
  error: unknown,
): Generator<{ code?: unknown; message?: unknown; constraint?: unknown; detail?: unknown }> {
  let e = error as
    | { code?: unknown; message?: unknown; constraint?: unknown; detail?: unknown; cause?: unknown }
    | null
    | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e;
    e = e.cause as typeof e;
  }
}

/** Whether a database error, or one it was wrapped in, has one of these SQLSTATEs. */
export function hasErrorCode(error: unknown, ...codes: string[]): boolean {
  for (const e of errorChain(error)) if (typeof e.code === 'string' && codes.includes(e.code)) return true;
  return false;
}

/**
 * A foreign key refused the write (23503): the row it points at is gone, and the id it named (from the
 * database's detail, `Key (user_id)=(42) is not present in table "users".`), when it says.
 */
export function missingReference(
  error: unknown,
): { constraint: string | undefined; id: string | undefined } | null {
  if (pgErrorCode(error) !== '23503') return null;
  let id: string | undefined;
  for (const e of errorChain(error))
    if (typeof e.detail === 'string') id ??= e.detail.match(/\)=\(([^)]*)\)/)?.[1];
  return { constraint: violatedConstraint(error), id };
}
