import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { listenForNotices, type NoticeListener } from '../../src/server/db/notify';

const url = process.env.TEST_DATABASE_URL;

/**
 * The LISTEN connection behind one catalog across processes (db/notify.ts): it hears notices, and when
 * its connection is killed it comes back by itself and says so (onListening), so the cache it serves
 * is cleared of whatever it may have missed meanwhile.
 */
describe.skipIf(!url)('a LISTEN connection that survives losing its connection', () => {
  const channel = `trillium_test_${randomBytes(4).toString('hex')}`;
  let listener: NoticeListener | undefined;
  afterAll(() => listener?.close());

  async function sql(text: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  it('hears notices, reconnects after its backend is terminated, and hears them again', async () => {
    const notices: string[] = [];
    let listening = 0;
    listener = listenForNotices(url!, channel, {
      onNotice: (payload) => notices.push(payload),
      onListening: () => {
        listening++;
      },
    });
    await listener.ready;
    expect(listening).toBe(1);
    await sql('select pg_notify($1, $2)', [channel, 'first']);
    await expect.poll(() => notices, { timeout: 2000 }).toEqual(['first']);

    // Its connection dies (as when PostgreSQL restarts): a notice sent meanwhile may be lost ...
    const killed = await sql(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity
       where application_name = 'trillium-listen' and query like 'LISTEN%' and query like $1`,
      [`%${channel}%`],
    );
    expect(killed).toEqual([{ ok: true }]);
    // ... so coming back is announced, and notices are heard again.
    await expect.poll(() => listening, { timeout: 10_000 }).toBe(2);
    await sql('select pg_notify($1, $2)', [channel, 'second']);
    await expect.poll(() => notices.at(-1), { timeout: 2000 }).toBe('second');
  }, 30_000);
});
