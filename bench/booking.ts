import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  formatRow,
  freePort,
  measure,
  measureJourneys,
  ROOT,
  sharedQueue,
  startProcess,
  stopProcess,
} from './harness';

/**
 * `npm run bench:booking -- --postgres`: the booking side of `npm run bench` alone (holds of distinct
 * times and the whole funnel at ten connections), on a smaller catalog, so that a change to the hold's
 * path can be measured in a minute. `--profile DIR` writes the server's CPU profile there
 * (`node --cpu-prof`), to see where a hold's time goes. The full benchmark stays the reference.
 */
const { values } = parseArgs({
  options: {
    providers: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '8' },
    postgres: { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
if (values.postgres && !process.env.TEST_DATABASE_URL) {
  const result = spawnSync(
    path.join(ROOT, 'scripts/with-postgres.sh'),
    [process.execPath, '--import', 'tsx', path.join(ROOT, 'bench/booking.ts'), ...process.argv.slice(2)],
    { stdio: 'inherit', cwd: ROOT },
  );
  process.exit(result.status ?? 1);
}
const seconds = Number(values.seconds);
const workDir = mkdtempSync(path.join(tmpdir(), 'trillium-bench-booking-'));
const dbEnv: Record<string, string> = { DATA_DIR: workDir };
if (values.postgres) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query('drop database if exists trillium_bench_booking');
  await admin.query('create database trillium_bench_booking');
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = '/trillium_bench_booking';
  dbEnv.DATABASE_URL = url.toString();
}
const run = (args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...dbEnv },
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args[0]} exited ${code}`))));
  });
await run(['src/server/db/seed/cli.ts', '--providers', values.providers!]);
const prepared = path.join(workDir, 'prepared.json');
await run(['bench/prepare-bookings.ts', prepared]);
const data = JSON.parse(readFileSync(prepared, 'utf8')) as {
  holderSessions: string[];
  distinctHolds: { holder: number; providerId: number; start: string; service: string }[];
  funnelSessions: string[];
  funnels: { payer: number; providerId: number; start: string; service: string }[];
};

const port = await freePort();
const app = await startProcess(
  'src/server/main.ts',
  {
    ...dbEnv,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    TRUST_PROXY: 'loopback',
  },
  port,
  '/api/health',
  values.profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] } : {},
);
const url = `http://127.0.0.1:${port}`;
const clientIp = (i: number) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const AT_HOME = {
  serviceAddress: { street: '120 Queen St W', city: 'Toronto', province: 'ON', postalCode: 'M5H 2N2' },
  customerPhone: '416-555-0100',
};
const holdBody = (h: { providerId: number; start: string; service: string }, i: number) => ({
  providerId: h.providerId,
  serviceDate: h.start,
  serviceTitle: h.service,
  customerName: `Bench Customer ${i}`,
  customerEmail: `bench${i}@example.com`,
  ...AT_HOME,
});
const holds = sharedQueue(
  data.distinctHolds.map((h) => ({
    method: 'POST' as const,
    path: '/api/create-payment-intent',
    body: holdBody(h, h.holder),
    cookie: `trillium_session=${data.holderSessions[h.holder]}`,
    clientIp: clientIp(100 + h.holder),
  })),
);
const rows = [];
try {
  // A short warm-up on other slots' customers would take their hold quota: the first round is it.
  rows.push(
    await measure('booking holds, distinct slots (round 1)', url, holds, { connections: 10, seconds }),
  );
  rows.push(
    await measure('booking holds, distinct slots (round 2)', url, holds, { connections: 10, seconds }),
  );
  rows.push(
    await measureJourneys(
      'booking funnel: hold, card, payment, confirmation',
      url,
      data.funnels.map((f) => ({
        cookie: `trillium_session=${data.funnelSessions[f.payer]}`,
        clientIp: clientIp(1200 + f.payer),
        steps: [
          { method: 'POST' as const, path: '/api/create-payment-intent', body: () => holdBody(f, f.payer) },
          {
            method: 'POST' as const,
            path: '/api/payments/sandbox/payment-methods',
            body: () => ({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }),
          },
          {
            method: 'POST' as const,
            path: '/api/confirm-payment-intent',
            body: ([hold, card]) => ({
              paymentIntentId: (hold as { paymentIntentId: string }).paymentIntentId,
              paymentMethodId: (card as { id: string }).id,
            }),
          },
        ],
      })),
      { connections: 10, seconds },
    ),
  );
} finally {
  await stopProcess(app);
  rmSync(workDir, { recursive: true, force: true });
}
console.log(
  `\n| scenario | connections | req/s | p50 ms | p95 ms | p99 ms | ratio | errors |\n|---|---|---|---|---|---|---|---|`,
);
for (const row of rows) {
  console.log(formatRow(row));
  if (Object.keys(row.otherStatuses).length > 0)
    console.log(`  statuses: ${JSON.stringify(row.otherStatuses)}`);
}
if (holds.used > data.distinctHolds.length)
  console.log(
    `Note: ${holds.used} holds for ${data.distinctHolds.length} prepared slots (the rest repeated).`,
  );
