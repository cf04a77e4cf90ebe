import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed/demo';
import { createTestApp } from '../support/app';
import { assertRoute, type FuzzRoute, fuzzSettings } from '../support/fuzz';
import { createClient } from '../support/http';

/**
 * Every API route, from the OpenAPI document, called with generated garbage: wrong types, huge strings,
 * `__proto__` keys, duplicated query parameters, hostile ids. No answer may be a 5xx or leak a stack
 * trace, SQL or a file path, and a refused request must leave the database unchanged. Each route is a
 * property that fails on its first bad answer, which fast-check then shrinks to a minimal request.
 *
 * The seed is random and printed: FUZZ_SEED=<seed> replays a run (FUZZ_RUNS too, if it was set).
 * About 120 generated requests per route by default (some 14,000 in all: the suite has 118 routes,
 * and CI has 20 minutes for everything); every run draws a new seed, so the coverage adds up
 * across runs. FUZZ_RUNS=1000 for a deeper run; CI's PostgreSQL pass uses fewer (FUZZ_RUNS=40).
 */
const settings = fuzzSettings('tests/security/fuzz.test.ts', 120);
console.info(
  `API fuzzing: FUZZ_SEED=${settings.seed} FUZZ_RUNS=${settings.numRuns} (replay: ${settings.replay})`,
);

const MUTABLE_TABLES = [
  'users',
  'bookings',
  'payments',
  'notifications',
  'saved_services',
  'provider_applications',
  'providers',
  'provider_services',
  'reviews',
  'support_requests',
  'documents',
  'booking_events',
  'refunds',
  'provider_time_off',
  'review_replies',
  'review_reports',
  'review_moderation_events',
  'review_photos',
  'admin_audit_log',
  'consent_events',
  'promotional_emails',
  'server_secrets',
  'receipts',
  'document_numbers',
  'promotions',
  'promotion_redemptions',
  'announcements',
];
/** One digest of every row of every table a refused request must not change. */
const FINGERPRINT = `select concat_ws(',', ${MUTABLE_TABLES.map(
  (table) => `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${table} t)`,
).join(', ')}) as digest`;

// The app is built while the file is collected: the routes it serves become one test each.
const ctx = await createTestApp({
  clock: fixedClock('2026-11-23T12:00:00Z'),
  seed: async ({ db }) => void (await seedDemo(db, { now: new Date('2026-11-23T12:00:00Z') })),
});
afterAll(() => ctx.close());

const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
  paths: Record<string, Record<string, unknown>>;
};
const routes: FuzzRoute[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
);
const anonymous = () => createClient(ctx, { ip: '10.70.0.1' });
const signedIn = anonymous();
await signedIn.login('customer@example.com', 'Trillium!2026');

/**
 * A counter every statement that writes to a watched table moves, whatever its outcome: a sequence is
 * not rolled back, so a refused request's rolled-back write moves it too, and the fingerprint then
 * decides. While it stands still, no watched table was written and no fingerprint is taken. (The
 * stamp was the cluster's next transaction id: it moved on every rate-limit count and sign-in attempt
 * a refused request writes, and in the PostgreSQL pass on every other test file's writes, so a
 * fingerprint of some 650 rows, 8-10 ms, was taken after one request in five.)
 */
for (const statement of [
  'create sequence fuzz_watched_writes',
  `create function fuzz_note_write() returns trigger language plpgsql as $$
   begin perform nextval('fuzz_watched_writes'); return null; end $$`,
  ...MUTABLE_TABLES.map(
    (table) => `create trigger fuzz_note_write after insert or update or delete or truncate on ${table}
     for each statement execute function fuzz_note_write()`,
  ),
])
  await queryRows(ctx.database.db, sql.raw(statement));

const database = {
  async fingerprint() {
    const [row] = await queryRows<{ digest: string }>(ctx.database.db, sql.raw(FINGERPRINT));
    return row!.digest;
  },
  // PGlite is asked directly: cheaper.
  async stamp() {
    const query = "select last_value || ':' || is_called as n from fuzz_watched_writes";
    const rows = ctx.database.pglite
      ? (await ctx.database.pglite.query<{ n: string }>(query)).rows
      : await queryRows<{ n: string }>(ctx.database.db, sql.raw(query));
    return rows[0]!.n;
  },
};

describe('API fuzzing: never a 5xx, never a leak, and refused requests change nothing', () => {
  it('knows the routes', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it('sees every statement that writes a watched table, even rolled back, and no other write', async () => {
    const first = await database.stamp();
    // The rate limits' counts, which refused requests do write, are not watched.
    await queryRows(
      ctx.database.db,
      sql.raw("insert into rate_limits (key, count, resets_at) values ('fuzz:probe', 1, now())"),
    );
    expect(await database.stamp()).toBe(first);
    // A statement that changes no row moves it: the fingerprint then decides.
    await queryRows(ctx.database.db, sql.raw('update users set email = email where false'));
    const second = await database.stamp();
    expect(second).not.toBe(first);
    const rolledBack = new Error('rolled back');
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw('update announcements set title = title where id = -1'));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await database.stamp()).not.toBe(second);
  });

  // Logging out ends the signed-in client's session, so that route goes last. The Stripe webhook
  // (served only when Stripe is configured) is left out, as it always was: tests/api/stripe.test.ts.
  const fuzzed = routes.filter((r) => r.path !== '/api/payments/webhook');
  const last = (r: FuzzRoute) => (r.path === '/api/logout' ? 1 : 0);
  for (const route of fuzzed.sort((a, b) => last(a) - last(b))) {
    it(
      `${route.method} ${route.path}`,
      () => assertRoute(route, { anonymous, signedIn, database }, settings),
      300_000,
    );
  }
});
