import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, registerErrorHandler } from './error-handler';

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

/** A write whose foreign key points at a row removed meanwhile: the person lost a race, never a 500. */
describe('a reference removed meanwhile', () => {
  const refused = (constraint: string, detail: string) =>
    Object.assign(new Error('Failed query: insert …'), {
      cause: Object.assign(new Error('insert violates foreign key'), { code: '23503', constraint, detail }),
    });

  async function answer(error: Error, user: { id: number } | null) {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.addHook('onRequest', async (request) => {
      (request as unknown as { user: unknown }).user = user;
    });
    app.get('/', async () => {
      throw error;
    });
    const res = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return { status: res.statusCode, code: res.json().code };
  }

  it("asks the person to sign in when it is their own account's row (deleted from another tab)", async () => {
    const own = refused(
      'saved_services_user_id_users_id_fk',
      'Key (user_id)=(42) is not present in table "users".',
    );
    expect(await answer(own, { id: 42 })).toEqual({ status: 401, code: 'auth.required' });
  });

  it("answers 409 for anything else: another person's row, a listing or a service removed", async () => {
    const other = refused(
      'bookings_customer_id_users_id_fk',
      'Key (customer_id)=(7) is not present in table "users".',
    );
    expect(await answer(other, { id: 42 })).toEqual({ status: 409, code: 'request.reference_gone' });
    const listing = refused(
      'bookings_provider_id_providers_id_fk',
      'Key (provider_id)=(3) is not present in table "providers".',
    );
    expect(await answer(listing, null)).toEqual({ status: 409, code: 'request.reference_gone' });
  });
});
