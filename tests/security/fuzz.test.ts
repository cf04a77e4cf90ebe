import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed/demo';
import { createTestApp, type TestContext } from '../support/app';
import { createClient } from '../support/http';

/**
 * Every API route, from the OpenAPI document, called with generated garbage: wrong types, huge strings,
 * `__proto__` keys, duplicated query parameters, hostile ids. No answer may be a 5xx or leak a stack
 * trace, SQL or a file path, and requests that are refused must leave the database unchanged.
 */
// About 1,000 generated requests per route (some 60,000 in all, about 3 minutes); CI's PostgreSQL pass uses fewer.
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const LEAKS = [
  /\bat \S+ \(/,
  /node_modules/,
  /\/work\//,
  /\.ts:\d+/,
  /\bselect\b.*\bfrom\b/i,
  /insert into/i,
  /syntax error/i,
  /drizzle/i,
  /pglite/i,
  /stack/i,
];
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
];

let ctx: TestContext;
let routes: { method: string; path: string }[] = [];
const customer = () => createClient(ctx, { ip: '10.70.0.1' });
let signedIn: ReturnType<typeof createClient>;

async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const table of MUTABLE_TABLES) {
    const [row] = await queryRows<{ digest: string | null }>(
      ctx.database.db,
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`,
      ),
    );
    parts.push(`${table}:${row?.digest}`);
  }
  return parts.join(',');
}

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "' or 1=1 --",
    '%',
    '_',
    '\\',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '\u0000',
    '𝕏'.repeat(50),
    'NaN',
    '-1',
    '1e309',
    '__proto__',
  ),
  fc.string({ minLength: 5000, maxLength: 20000 }),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.anything({ maxDepth: 2, withObjectString: true, withNullPrototype: true }),
  fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'role',
        'status',
        'email',
        'password',
        'providerId',
        'amount',
      ),
      fc.string({ maxLength: 12 }),
    ),
    hostileValue,
    { maxKeys: 6 },
  ),
);
const id = fc.oneof(
  fc.integer({ min: -5, max: 100 }).map(String),
  fc.constantFrom('0', '-1', '1.5', '99999999999999999999', 'abc', '%2e%2e', '__proto__', '%00', 'null'),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);
const query = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom('q', 'limit', 'offset', 'sort', 'minPrice', 'days', 'from', 'token', 'email', 'kind'),
      fc.string({ maxLength: 8 }),
    ),
    hostileString,
  ),
  { maxLength: 5 },
);

beforeAll(async () => {
  ctx = await createTestApp({
    clock: fixedClock('2026-11-23T12:00:00Z'),
    seed: async ({ db }) => void (await seedDemo(db, { now: new Date('2026-11-23T12:00:00Z') })),
  });
  const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
  signedIn = customer();
  await signedIn.login('customer@example.com', 'Trillium!2026');
}, 120_000);
afterAll(() => ctx?.close());

describe('API fuzzing', () => {
  it('knows the routes', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it('never answers 5xx, never leaks internals, and refused requests change nothing', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      if (route.path === '/api/payments/webhook') continue;
      const before = await fingerprint();
      let changed = false;
      await fc.assert(
        fc.asyncProperty(id, query, body, fc.boolean(), async (idValue, params, payload, asUser) => {
          const path = route.path.replace(/\{[^}]+\}/g, idValue);
          const search = new URLSearchParams();
          for (const [key, value] of params) search.append(key, value);
          const url = search.size ? `${path}?${search}` : path;
          const client = asUser ? signedIn : customer();
          let res: Awaited<ReturnType<typeof client.request>>;
          try {
            res = await client.request({
              method: route.method as 'GET',
              url,
              body: route.method === 'GET' ? undefined : payload === undefined ? undefined : payload,
            });
          } catch (error) {
            problems.push(`${route.method} ${url}: threw ${(error as Error).message}`);
            return;
          }
          const text = res.raw.body;
          if (res.status >= 500) problems.push(`${route.method} ${url}: ${res.status} ${text.slice(0, 200)}`);
          if (res.status >= 400 && LEAKS.some((re) => re.test(text)))
            problems.push(`${route.method} ${url}: leaks ${text.slice(0, 200)}`);
          if (res.status < 400) changed = true;
        }),
        { numRuns: RUNS, seed: 42 },
      );
      if (!changed && route.method !== 'GET') {
        const after = await fingerprint();
        if (after !== before)
          problems.push(`${route.method} ${route.path}: refused requests changed the database`);
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
  }, 600_000);
});
