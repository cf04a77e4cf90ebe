import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CATEGORY_SEEDS } from '../src/server/db/seed/catalog-data';
import { CITIES } from '../src/shared/domain/ontario';
import { type BenchRequest, freePort, measure, ROOT, sharedQueue, startApp, stopProcess } from './harness';
import { writeResultsSection } from './results-file';
import { clientIp, distinctHold, readPreparedBookings } from './booking-requests';
import { realisticSearches } from './workload';

/**
 * `npm run bench -- --soak 600`: the mixed workload (realistic searches, provider pages, availability,
 * holds and sign-ins) for the given seconds against two server processes on one throwaway PostgreSQL
 * 15, minute by minute. Targets: no error, event-loop delay p99 under 50 ms in every minute, and each
 * process's memory after a full collection growing less than 10% between minute 2 and the end. Not in
 * CI: it takes as long as it is asked to.
 */
const { values } = parseArgs({
  options: {
    soak: { type: 'string', default: '600' },
    providers: { type: 'string', default: '100000' },
    seed: { type: 'string' },
  },
  strict: false,
});
const seconds = Number(values.soak);
const providerCount = Number(values.providers);

if (!process.env.TEST_DATABASE_URL) {
  const result = spawnSync(
    path.join(ROOT, 'scripts/with-postgres.sh'),
    [process.execPath, '--import', 'tsx', path.join(ROOT, 'bench/soak.ts'), ...process.argv.slice(2)],
    { stdio: 'inherit', cwd: ROOT },
  );
  process.exit(result.status ?? 1);
}

const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
await admin.connect();
await admin.query('drop database if exists trillium_soak');
await admin.query('create database trillium_soak');
await admin.end();
const url = new URL(process.env.TEST_DATABASE_URL);
url.pathname = '/trillium_soak';
const workDir = mkdtempSync(path.join(tmpdir(), 'trillium-soak-'));
const dbEnv = { DATABASE_URL: url.toString(), DATA_DIR: workDir };

const run = (args: string[]) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...dbEnv },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status}`);
};
console.log(
  `\n# Soak on PostgreSQL: ${providerCount.toLocaleString('en-CA')} providers, ${seconds} s, two processes\n`,
);
run(['src/server/db/seed/cli.ts', '--providers', String(providerCount)]);
const prepared = path.join(workDir, 'prepared.json');
run(['bench/prepare-bookings.ts', prepared]);
const data = readPreparedBookings(prepared);

const ports = [await freePort(), await freePort()];
const servers = [];
for (const port of ports) {
  servers.push(await startApp(dbEnv, port));
}
const urls = ports.map((port) => `http://127.0.0.1:${port}`);

type Metrics = { eventLoopDelayP99Ms: number; rssBytes: number; heapUsedBytes: number };
const metrics = async (base: string, gc: boolean) =>
  (await (await fetch(`${base}/api/metrics.json?reset=1${gc ? '&gc=1' : ''}`)).json()) as Metrics;

// The mix, as one list each connection takes the next item of: mostly searches, some of everything.
const seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
console.log(`Workload seed ${seed}.`);
const searches = realisticSearches({
  vocabulary: data.vocabulary,
  cities: CITIES.map((c) => c.value),
  categories: CATEGORY_SEEDS.map((c) => c.slug),
  count: 200_000,
  seed,
});
const mix: BenchRequest[] = [];
let hold = 0;
for (let i = 0; i < 200_000; i++) {
  const slot = i % 100;
  if (slot < 70) mix.push(searches[i]!);
  else if (slot < 85) mix.push(`/api/providers/${1 + ((i * 7919) % providerCount)}`);
  else if (slot < 95) mix.push(`/api/providers/${1 + ((i * 104_729) % providerCount)}/availability?days=14`);
  else if (slot < 99) {
    mix.push(distinctHold(data, data.distinctHolds[hold++ % data.distinctHolds.length]!));
  } else {
    const n = i % data.sessionIds.length;
    mix.push({
      method: 'POST',
      path: '/api/login',
      body: { email: `bench${n}@example.com`, password: 'Bench!Password1' },
      clientIp: clientIp(n),
    });
  }
}
const queue = sharedQueue(mix);

const minutes = Math.max(1, Math.round(seconds / 60));
const rows: string[] = [];
const memoryAt: Record<number, Metrics[]> = {};
let failures = 0;
let worstLoopP99 = 0;
await Promise.all(urls.map((base) => metrics(base, true)));
for (let minute = 1; minute <= minutes; minute++) {
  const measured = await Promise.all(
    urls.map((base, i) =>
      measure(`minute ${minute}, process ${i + 1}`, base, queue, {
        connections: 5,
        seconds: seconds / minutes,
      }),
    ),
  );
  const readings = await Promise.all(urls.map((base) => metrics(base, true)));
  memoryAt[minute] = readings;
  for (const [i, m] of measured.entries()) {
    // A hold refused because another customer holds that time (409) is an answer, not a failure.
    const unexpected = Object.entries(m.otherStatuses).filter(([status]) => status !== '409');
    failures += m.errors + unexpected.reduce((sum, [, n]) => sum + n, 0);
    worstLoopP99 = Math.max(worstLoopP99, readings[i]!.eventLoopDelayP99Ms);
    rows.push(
      `| ${minute} | ${i + 1} | ${m.requestsPerSecond.toFixed(0)} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.p99.toFixed(1)} | ${readings[i]!.eventLoopDelayP99Ms.toFixed(1)} | ${(readings[i]!.rssBytes / 2 ** 20).toFixed(0)} | ${(readings[i]!.heapUsedBytes / 2 ** 20).toFixed(0)} | ${JSON.stringify(m.otherStatuses)} |`,
    );
  }
  console.log(rows.slice(-2).join('\n'));
}
for (const server of servers) await stopProcess(server);
rmSync(workDir, { recursive: true, force: true });

const from = memoryAt[Math.min(2, minutes)]!;
const to = memoryAt[minutes]!;
const growth = to.map((m, i) => (m.heapUsedBytes - from[i]!.heapUsedBytes) / from[i]!.heapUsedBytes);
const rssGrowth = to.map((m, i) => (m.rssBytes - from[i]!.rssBytes) / from[i]!.rssBytes);
const checks = [
  [`no errors (${failures} unexpected answers or failed requests)`, failures === 0],
  [
    `event-loop delay p99 under 50 ms in every minute (worst ${worstLoopP99.toFixed(1)} ms)`,
    worstLoopP99 < 50,
  ],
  [
    `memory after a full collection grows less than 10% from minute ${Math.min(2, minutes)} to ${minutes} (JavaScript heap ${growth.map((g) => `${(g * 100).toFixed(1)}%`).join(', ')}; RSS ${rssGrowth.map((g) => `${(g * 100).toFixed(1)}%`).join(', ')})`,
    growth.every((g) => g < 0.1),
  ],
] as const;
const report = `## Soak, PostgreSQL 15, two processes: ${new Date().toISOString().slice(0, 10)}

${providerCount.toLocaleString('en-CA')} providers, ${seconds} s of the mixed workload (70% realistic searches, 15% provider pages, 10% availability, 4% holds, 1% sign-ins; seed ${seed}), 5 connections to each process.

| minute | process | req/s | p50 ms | p95 ms | p99 ms | event-loop p99 ms | RSS MB | heap MB | other statuses |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${checks.map(([text, ok]) => `- ${ok ? 'PASS' : 'FAIL'}: ${text}`).join('\n')}
`;
console.log(`\n${report}`);
writeResultsSection(ROOT, '## Soak', report, 'last');
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
