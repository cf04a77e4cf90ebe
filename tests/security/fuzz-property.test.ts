import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { assertRoute, fuzzSettings } from '../support/fuzz';
import { createClient } from '../support/http';

/**
 * The fuzzing property must be able to fail: run against a deliberately broken app, it fails, names
 * the seed that replays it, and fast-check shrinks the request to a small one.
 */
const app = Fastify();
let rows = 0;
app.post('/api/broken/:id', async (req, reply) => {
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (typeof body === 'object' && body !== null && 'role' in body) {
    return reply.code(500).send({ code: 'internal', message: 'boom' });
  }
  return reply.code(400).send({ code: 'bad', message: 'no' });
});
app.post('/api/leaky/:id', async (_req, reply) =>
  reply.code(400).send({ message: 'syntax error at or near "select" in /work/src/db.ts:12' }),
);
app.post('/api/writes-on-refusal/:id', async (_req, reply) => {
  rows += 1;
  return reply.code(409).send({ code: 'conflict', message: 'no' });
});
await app.ready();
afterAll(() => app.close());

const deps = {
  anonymous: () => createClient({ app }),
  signedIn: createClient({ app }),
  database: { fingerprint: async () => String(rows) },
};
const settings = { ...fuzzSettings('tests/security/fuzz-property.test.ts', 50, { FUZZ_SEED: '42' }) };

describe('the fuzzing property fails on a bad answer', () => {
  it('a 5xx fails, with the seed and a shrunk request', async () => {
    const failure = await assertRoute({ method: 'POST', path: '/api/broken/{id}' }, deps, settings).then(
      () => null,
      (error: Error) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure!.message).toContain('FUZZ_SEED=42');
    expect(failure!.message).toContain('answered 500');
    // Shrunk: the counterexample fast-check settles on is a body with only the key that breaks the app.
    expect(failure!.message).toMatch(/Counterexample: \[.*\{"role":/s);
  });

  it('a refusal that leaks SQL or a file path fails', async () => {
    await expect(assertRoute({ method: 'POST', path: '/api/leaky/{id}' }, deps, settings)).rejects.toThrow(
      /leaks internals/,
    );
  });

  it('a refusal that changed the database fails', async () => {
    await expect(
      assertRoute({ method: 'POST', path: '/api/writes-on-refusal/{id}' }, deps, settings),
    ).rejects.toThrow(/was refused \(409\) but changed the database/);
  });

  it('settings read FUZZ_SEED and FUZZ_RUNS and refuse nonsense', () => {
    expect(fuzzSettings('x', 10, { FUZZ_SEED: '7', FUZZ_RUNS: '3' })).toMatchObject({ seed: 7, numRuns: 3 });
    expect(fuzzSettings('x', 10, {}).numRuns).toBe(10);
    expect(() => fuzzSettings('x', 10, { FUZZ_SEED: 'abc' })).toThrow(/FUZZ_SEED/);
    expect(() => fuzzSettings('x', 10, { FUZZ_RUNS: '0' })).toThrow(/FUZZ_RUNS/);
  });
});
