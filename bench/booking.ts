import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
  startApp,
  stopProcess,
} from './harness';
import { CPU_HEADER, formatCpuRow } from './cpu';
import { contendedHold, distinctHold, funnelJourneys, readPreparedBookings } from './booking-requests';

/**
 * `npm run bench:booking -- --postgres`: the booking side of `npm run bench` alone (a provider's times,
 * holds of distinct times and the whole funnel at ten connections), on a smaller catalog, so that a
 * change to the hold's path can be measured in a minute. `--profile DIR` writes the server's CPU profile there
 * (`node --cpu-prof`), to see where a hold's time goes. The full benchmark stays the reference.
 */
const { values } = parseArgs({
  options: {
    providers: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '8' },
    postgres: { type: 'boolean', default: false },
    profile: { type: 'string' },
    /** One scenario alone (availability, holds, contended, funnel), e.g. to profile it without the others. */
    only: { type: 'string' },
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
const SCENARIOS = ['availability', 'holds', 'contended', 'funnel'] as const;
if (values.only && !SCENARIOS.includes(values.only as (typeof SCENARIOS)[number])) {
  console.error(`--only takes one of ${SCENARIOS.join(', ')}`);
  process.exit(2);
}
const runs = (scenario: (typeof SCENARIOS)[number]) => !values.only || values.only === scenario;
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
const data = readPreparedBookings(prepared);

const port = await freePort();
const app = await startApp(
  dbEnv,
  port,
  values.profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] } : {},
);
const url = `http://127.0.0.1:${port}`;
const holds = sharedQueue(data.distinctHolds.map((h) => distinctHold(data, h)));
const rows = [];
// Ten customers at a time, the server's CPU read before and after (bench/cpu.ts).
const atTen = { connections: 10, seconds, serverPid: app.pid };
try {
  // A provider's times with 200 bookings, one visitor at a time: computed afresh each time (never cached).
  if (runs('availability'))
    rows.push(
      await measure(
        'availability, 200 bookings',
        url,
        [`/api/providers/${data.providerId}/availability?days=14`],
        { connections: 1, seconds, serverPid: app.pid },
      ),
    );
  // A short warm-up on other slots' customers would take their hold quota: the first round is it.
  if (runs('holds')) {
    rows.push(await measure('booking holds, distinct slots (round 1)', url, holds, atTen));
    rows.push(await measure('booking holds, distinct slots (round 2)', url, holds, atTen));
  }
  // Everyone after the first winner hears slot_taken (409): measured, not an error.
  if (runs('contended'))
    rows.push(
      await measure(
        'booking holds, overlapping contended times, 409s',
        url,
        sharedQueue(data.sessionIds.map((sessionId, i) => contendedHold(data, sessionId, i))),
        atTen,
      ),
    );
  if (runs('funnel'))
    rows.push(
      await measureJourneys(
        'booking funnel: hold, card, payment, confirmation',
        url,
        funnelJourneys(data),
        atTen,
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
  if (Object.keys(row.otherStatuses).length > 0) console.log(`  statuses: ${JSON.stringify(row.otherCodes)}`);
}
console.log(`\nCPU per request (per journey for the funnel), from /proc:\n\n${CPU_HEADER}`);
for (const row of rows) if (row.cpu) console.log(formatCpuRow(row.name, row.cpu));
if (holds.used > data.distinctHolds.length)
  console.log(
    `Note: ${holds.used} holds for ${data.distinctHolds.length} prepared slots (the rest repeated).`,
  );
