import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './error-handler';

/** What drivers throw while PostgreSQL is away; each must be a 503 to retry, never a 500. */
describe('isDatabaseUnavailable', () => {
  const wrapped = (message: string, cause: unknown) => Object.assign(new Error(message), { cause });

  it('knows a rollback that failed because the connection broke mid-transaction', () => {
    // Seen in tests/postgres/restart.test.ts: the ROLLBACK's failure replaces the statement's own.
    const error = wrapped(
      'Failed query: rollback\nparams: ',
      new Error('Client has encountered a connection error and is not queryable'),
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('knows server shutdowns, refused connections and pool timeouts, through causes', () => {
    expect(
      isDatabaseUnavailable(wrapped('Failed query', Object.assign(new Error('x'), { code: '57P01' }))),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped('a', new Error('Connection terminated unexpectedly')))).toBe(true);
  });

  it('leaves real bugs and constraint failures alone', () => {
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    expect(
      isDatabaseUnavailable(wrapped('Failed query', Object.assign(new Error('dup'), { code: '23505' }))),
    ).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
