import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { holdSlot, postJson, sandboxCard, signInOverHttp } from '../support/http-journey';
import { startServerProcess } from '../support/processes';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'trillium-fault-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// The embedded database's own: the PGlite pass runs it, and the PostgreSQL pass would only repeat it
// (docs/decisions/016-test-run-time.md).
describe.skipIf(process.env.TEST_DATABASE_URL)('process faults on the embedded database', () => {
  it('SIGTERM under load: in-flight requests finish, no 5xx, exit within 10 s, the data folder reopens cleanly', async () => {
    const dir = dataDir();
    const server = await startServerProcess({ DATA_DIR: dir, SEED_DEMO: 'true' });
    const statuses: number[] = [];
    const failures: string[] = [];
    let stop = false;
    const load = Array.from({ length: 8 }, async (_v, i) => {
      while (!stop) {
        try {
          const res = await fetch(`${server.url}/api/providers/${1 + (i % 5)}/availability`);
          statuses.push(res.status);
          await res.arrayBuffer();
        } catch (error) {
          // After the listener closes, new connections are refused: that is not a failed request.
          failures.push(String((error as Error).cause ?? error));
          break;
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    const started = Date.now();
    const code = await server.stop('SIGTERM');
    stop = true;
    await Promise.all(load);
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(failures.every((f) => /ECONNREFUSED|ECONNRESET|other side closed|SocketError/.test(f))).toBe(true);

    const again = await startServerProcess({ DATA_DIR: dir, SEED_DEMO: 'true' });
    const res = await fetch(`${again.url}/api/providers?limit=1`);
    expect(res.headers.get('x-total-count')).toBe('64');
    expect(await again.stop('SIGTERM')).toBe(0);
  }, 120_000);

  it('SIGKILL after the card processor said succeeded: after restart the booking is confirmed and e-mailed once', async () => {
    const dir = dataDir();
    await crashAfterPaymentThenRestart({ DATA_DIR: dir, SEED_DEMO: 'true' }, async (to) => {
      const { openDatabase } = await import('../../src/server/db/client');
      const db = await openDatabase({ kind: 'pglite', dataDir: dir });
      try {
        const rows = (await db.db.execute(
          sql`select count(*)::int as n from email_outbox where to_address = ${to}`,
        )) as unknown as { rows: { n: number }[] };
        return rows.rows[0]!.n;
      } finally {
        await db.close();
      }
    });
  }, 150_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('process faults on PostgreSQL', () => {
  it('SIGKILL after the card processor said succeeded: after restart the booking is confirmed and e-mailed once', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `trillium_t_fault_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    try {
      await crashAfterPaymentThenRestart({ DATABASE_URL: url.toString(), SEED_DEMO: 'true' }, async (to) => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          const rows = await client.query<{ n: number }>(
            'select count(*)::int as n from email_outbox where to_address = $1',
            [to],
          );
          return rows.rows[0]!.n;
        } finally {
          await client.end();
        }
      });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    }
  }, 150_000);
});

/**
 * The server process dies (SIGKILL) right after the card processor said a payment succeeded, before the
 * booking heard of it; a new process must confirm the booking by itself, and a retry must neither
 * charge nor e-mail twice. `confirmationsTo` counts the outbox's messages to an address after the stop.
 */
async function crashAfterPaymentThenRestart(
  env: Record<string, string>,
  confirmationsTo: (address: string) => Promise<number>,
) {
  const crashing = await startServerProcess(env, { entry: 'tests/support/crashing-server.ts' });
  const cookie = await signInOverHttp(crashing.url);
  const { body: hold } = await holdSlot(crashing.url, cookie, 2, 'crash@example.com');
  const cardId = await sandboxCard(crashing.url, cookie);
  const confirm = postJson(
    crashing.url,
    '/api/confirm-payment-intent',
    { paymentIntentId: hold.paymentIntentId, paymentMethodId: cardId },
    cookie,
  ).catch((error: Error) => error);
  expect(await confirm).toBeInstanceOf(Error);
  await new Promise((resolve) =>
    crashing.child.exitCode !== null ? resolve(null) : crashing.child.once('exit', resolve),
  );
  expect(crashing.child.signalCode).toBe('SIGKILL');

  const restarted = await startServerProcess(env);
  const cookie2 = await signInOverHttp(restarted.url);
  await expect
    .poll(
      async () =>
        (
          await (
            await fetch(`${restarted.url}/api/bookings/${hold.bookingId}`, { headers: { cookie: cookie2 } })
          ).json()
        ).status,
      { timeout: 20_000 },
    )
    .toBe('confirmed');
  // Asking again (the browser retrying) neither charges nor e-mails twice.
  const retry = await postJson(
    restarted.url,
    '/api/confirm-payment-intent',
    { paymentIntentId: hold.paymentIntentId, paymentMethodId: cardId },
    cookie2,
  );
  expect((await retry.json()).status).toBe('succeeded');
  expect(await restarted.stop('SIGTERM')).toBe(0);
  // The outbox is read after a clean stop: exactly one confirmation for this booking.
  expect(await confirmationsTo('crash@example.com')).toBe(1);
}
