import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { loadEnv } from '../../src/server/env';
import { openTestDatabase } from '../support/database';
import { createClient } from '../support/http';
import { freePort } from '../support/processes';
import { AT_HOME } from '../support/service-address';

// Issue "Close the holes found under attack", item 12: limits are shared by every process, and item 5's
// per-account limit on holds. Two apps on one database stand for two server processes.

type App = Awaited<ReturnType<typeof buildApp>>;

async function twoApps(database: DatabaseHandle, env: Record<string, string> = {}): Promise<[App, App]> {
  const settings = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env });
  const apps = await Promise.all([
    buildApp({ env: settings, database }),
    buildApp({ env: settings, database }),
  ]);
  await Promise.all(apps.map((app) => app.ready()));
  return apps as [App, App];
}

/** Six password-reset requests from one address, alternating between the two processes. */
async function forgotSixTimes(apps: [App, App], ip: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const client = createClient({ app: apps[i % 2]! }, { ip });
    statuses.push((await client.post('/api/forgot-password', { email: `nobody${i}@example.com` })).status);
  }
  return statuses;
}

describe('limits shared through the database', () => {
  let database: DatabaseHandle;
  let apps: [App, App];
  beforeAll(async () => {
    database = await openTestDatabase();
    apps = await twoApps(database);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.close();
  });

  it('counts one limit across two processes (5 password resets per address, not 10)', async () => {
    expect(await forgotSixTimes(apps, '10.60.0.1')).toEqual([200, 200, 200, 200, 200, 429]);
    // Each route has its own allowance: the same address may still use another limited route.
    const reset = await createClient({ app: apps[0] }, { ip: '10.60.0.1' }).post('/api/reset-password', {
      email: 'nobody@example.com',
      token: 'not-a-token',
      password: 'Maple!Syrup42',
      confirmPassword: 'Maple!Syrup42',
    });
    expect(reset.status).toBe(400);
    // Another address has its own allowance.
    expect((await forgotSixTimes(apps, '10.60.0.2')).slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  });

  it('limits holds per account, whatever the address and process', async () => {
    const categoryId = await insertCategory(database.db, { name: 'Home Cleaning', slug: 'home-cleaning' });
    const providerId = await insertProvider(database.db, { name: 'Limit Co', categoryId, priceCents: 5000 });
    await insertUser(database.db, {
      email: 'eager@example.com',
      fullName: 'Eager Booker',
      password: DEMO_PASSWORD,
    });
    const first = createClient({ app: apps[0] }, { ip: '10.61.0.1' });
    await first.login('eager@example.com', DEMO_PASSWORD);
    const second = createClient({ app: apps[1] }, { ip: '10.61.0.2' });
    second.cookie = first.cookie;
    const slots = (await first.get(`/api/providers/${providerId}/availability?days=14`)).body.days
      .flatMap((d: { slots: { start: string; available: boolean }[] }) => d.slots)
      .filter((s: { available: boolean }) => s.available);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const client = i % 2 ? second : first;
      const res = await client.post('/api/create-payment-intent', {
        providerId,
        serviceDate: slots[i].start,
        customerName: 'Eager Booker',
        customerEmail: 'eager@example.com',
        ...AT_HOME,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

const redisServer = spawnSync('sh', ['-c', 'command -v redis-server']).stdout?.toString().trim();

describe.skipIf(!redisServer)('limits shared through Redis (REDIS_URL)', () => {
  let redis: ChildProcess;
  let database: DatabaseHandle;
  let apps: [App, App];
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(
      redisServer!,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await new Promise((r) => setTimeout(r, 300));
    database = await openTestDatabase();
    apps = await twoApps(database, { REDIS_URL: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.close();
    redis?.kill();
  });

  it('counts one limit across two processes', async () => {
    expect(await forgotSixTimes(apps, '10.62.0.1')).toEqual([200, 200, 200, 200, 200, 429]);
    // The database holds no counters in this mode.
    const rows = (await database.db.execute(
      'select count(*)::int as n from rate_limits' as never,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]!.n).toBe(0);
  });
});
