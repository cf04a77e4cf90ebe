import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import type { Client } from './http';

/**
 * The API fuzzing property (tests/security/fuzz.test.ts), kept apart so that a meta-test can run it
 * against a deliberately broken app (tests/security/fuzz-property.test.ts): one `fc.asyncProperty` per
 * route whose predicate throws on the first bad answer, so fast-check stops and shrinks it to a minimal
 * request, and reports the seed that replays it.
 */

export type FuzzRoute = { method: string; path: string };

export type FuzzSettings = {
  seed: number;
  numRuns: number;
  verbose: fc.VerbosityLevel;
  /** The command that replays this run, quoted in every failure. */
  replay: string;
};

/**
 * FUZZ_SEED (else a random seed), FUZZ_RUNS (else `defaultRuns`) and FUZZ_VERBOSE (0, 1 or 2: how much
 * of the shrinking fast-check reports; 1 by default: every failure met while shrinking).
 */
export function fuzzSettings(file: string, defaultRuns: number, env = process.env): FuzzSettings {
  const seed = env.FUZZ_SEED ? Number(env.FUZZ_SEED) : randomInt(0, 2 ** 31 - 1);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, not ${env.FUZZ_SEED}`);
  const numRuns = env.FUZZ_RUNS ? Number(env.FUZZ_RUNS) : defaultRuns;
  if (!Number.isSafeInteger(numRuns) || numRuns < 1)
    throw new Error(`FUZZ_RUNS must be a positive integer, not ${env.FUZZ_RUNS}`);
  const verbose = Number(env.FUZZ_VERBOSE ?? fc.VerbosityLevel.Verbose) as fc.VerbosityLevel;
  const replay = `FUZZ_SEED=${seed} FUZZ_RUNS=${numRuns} TZ=UTC npx vitest run ${file}`;
  return { seed, numRuns, verbose, replay };
}

/** What an answer must never contain: a stack trace, a file path, SQL or the names of the database layers. */
export const LEAKS = [
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

/**
 * 5,000 to 20,000 characters: a random piece repeated to a random length. Drawing each character of
 * such a string took fast-check about 1.3 ms a string, a third of the whole fuzz run's time (5.9 s of
 * 17 s for 2,360 requests); the size is what these strings test, and a repeated piece is as hostile to a
 * pattern or a length check as a random one. Shrinks to the shortest piece and length.
 */
const hugeString = fc
  .tuple(fc.string({ minLength: 1, maxLength: 64 }), fc.integer({ min: 5000, max: 20000 }))
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length));

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
  hugeString,
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

/** How the property sees the database: everything a refused request must leave as it was. */
export type DatabaseProbe = {
  /** A digest of every table a refused request must not change. */
  fingerprint(): Promise<string>;
  /**
   * Optional and cheap: a value that moves whenever anything may have been written (the next
   * transaction id). While it stands still the fingerprint is not taken again.
   */
  stamp?(): Promise<string>;
};

/** Remembers the database as of the last answer, so each refused request is checked on its own. */
function watch(probe: DatabaseProbe) {
  let known: { stamp?: string; fingerprint: string } | undefined;
  const read = async () => {
    const stamp = await probe.stamp?.();
    return { stamp, fingerprint: await probe.fingerprint() };
  };
  return {
    async before() {
      known ??= await read();
    },
    /** After an answer: true when it was a refusal and the database changed. */
    async changedBy(refused: boolean): Promise<boolean> {
      const previous = known;
      if (!previous) throw new Error('before() must be called before the request');
      const stamp = await probe.stamp?.();
      if (stamp !== undefined && stamp === previous.stamp) return false;
      known = { stamp, fingerprint: await probe.fingerprint() };
      return refused && known.fingerprint !== previous.fingerprint;
    },
  };
}

const shorten = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The property for one route: a generated id in the path, query and body, sent anonymously or signed
 * in. It fails (throws) on a 5xx, on a refusal that leaks internals, on a request the client could not
 * even complete, and on a refused request that changed the database.
 */
export function routeProperty(
  route: FuzzRoute,
  deps: { anonymous(): Client; signedIn: Client; database?: DatabaseProbe },
) {
  const database = deps.database && watch(deps.database);
  return fc.asyncProperty(id, query, body, fc.boolean(), async (idValue, params, payload, asUser) => {
    const path = route.path.replace(/\{[^}]+\}/g, idValue);
    const search = new URLSearchParams();
    for (const [key, value] of params) search.append(key, value);
    const url = search.size ? `${path}?${search}` : path;
    // Named only in a failure: shortening a 20,000-character URL on every request cost more than the check.
    const where = () => `${route.method} ${shorten(url)}`;
    const client = asUser ? deps.signedIn : deps.anonymous();
    await database?.before();
    let res: Awaited<ReturnType<Client['request']>>;
    try {
      res = await client.request({
        method: route.method as 'GET',
        url,
        body: route.method === 'GET' ? undefined : payload,
      });
    } catch (error) {
      throw new Error(`${where()} threw ${(error as Error).message}`);
    }
    const text = res.raw.body;
    if (res.status >= 500) throw new Error(`${where()} answered ${res.status}: ${shorten(text)}`);
    const refused = res.status >= 400;
    if (refused && LEAKS.some((re) => re.test(text)))
      throw new Error(`${where()} answered ${res.status} and leaks internals: ${shorten(text)}`);
    if (database && (await database.changedBy(refused)))
      throw new Error(`${where()} was refused (${res.status}) but changed the database`);
  });
}

/** Runs a route's property; a failure names the route, the seed and the command that replays it. */
export async function assertRoute(
  route: FuzzRoute,
  deps: Parameters<typeof routeProperty>[1],
  settings: FuzzSettings,
): Promise<void> {
  try {
    await fc.assert(routeProperty(route, deps), {
      numRuns: settings.numRuns,
      seed: settings.seed,
      verbose: settings.verbose,
    });
  } catch (error) {
    // fast-check keeps what the predicate threw (for the shrunk request) as the cause.
    const answer = ((error as Error).cause as Error | undefined)?.message ?? '';
    throw new Error(
      `${route.method} ${route.path}: a generated request got a bad answer (FUZZ_SEED=${settings.seed}).\n` +
        `${answer}\nReplay: ${settings.replay}\n${(error as Error).message}`,
      { cause: error },
    );
  }
}
