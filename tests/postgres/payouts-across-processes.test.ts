import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../support/processes';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * Issue 22: the weekly payout is one job per week across server processes. Two real processes start
 * together on an empty PostgreSQL (the demo's completed bookings are available, and this week's run
 * fell due last Monday): each partner gets exactly one payout. One process then dies and another
 * starts: nothing is paid again, and the ledger still balances.
 */
describe.skipIf(!adminUrl)('the weekly payout across processes and a restart', () => {
  const dbName = `trillium_t_payouts_${randomBytes(4).toString('hex')}`;
  let url: string;
  let pool: pg.Pool;
  const servers: ServerProcess[] = [];
  const env = () => ({ DATABASE_URL: url, SEED_DEMO: 'true', JOBS_INTERVAL_MS: '300' });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const dbUrl = new URL(adminUrl!);
    dbUrl.pathname = `/${dbName}`;
    url = dbUrl.toString();
    pool = new pg.Pool({ connectionString: url, max: 2 });
    servers.push(...(await Promise.all([startServerProcess(env()), startServerProcess(env())])));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await pool?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 60_000);

  async function weeklyJobs() {
    const { rows } = await pool.query(
      `select key, state from jobs where kind = 'payouts.weekly' order by key`,
    );
    return rows as { key: string; state: string }[];
  }

  async function payoutsPerPartner() {
    const { rows } = await pool.query(
      `select provider_id, count(*)::int as n, sum(amount_cents)::int as cents from payouts group by provider_id order by provider_id`,
    );
    return rows as { provider_id: number; n: number; cents: number }[];
  }

  async function unbalancedBookings() {
    const { rows } = await pool.query(
      `select booking_id from ledger_entries group by booking_id having sum(amount_cents) <> 0`,
    );
    return rows.length;
  }

  it('pays each partner once, and a crash and restart pay nothing again', async () => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const jobs = await weeklyJobs();
      if (jobs.length > 0 && jobs.every((j) => j.state === 'done')) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    const jobs = await weeklyJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.state).toBe('done');
    const first = await payoutsPerPartner();
    expect(first.length).toBeGreaterThan(0);
    expect(first.filter((p) => p.n !== 1)).toEqual([]);
    expect(await unbalancedBookings()).toBe(0);

    // One process dies mid-flight; another takes its place a moment later.
    // (A process killed by a signal has no exit code: it leaves the list so that it is not stopped again.)
    await servers.shift()!.stop('SIGKILL');
    servers.push(await startServerProcess(env()));
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await weeklyJobs()).toEqual(jobs);
    expect(await payoutsPerPartner()).toEqual(first);
    expect(await unbalancedBookings()).toBe(0);
    const { rows } = await pool.query(`select count(*)::int as n from payouts where state <> 'paid'`);
    expect(rows[0].n).toBe(0);
  }, 90_000);
});
