import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * Where a scenario's CPU went, in milliseconds per answered request: the Trillium server process (all
 * its threads), PostgreSQL's processes (none on PGlite, which runs inside the server) and this process,
 * the load generator. Read from Linux's /proc, so the machine should be quiet: any other PostgreSQL
 * running meanwhile is counted too. `bound` is how many requests a second this machine's cores could
 * answer at that cost if every core were busy all the time: a target above it needs less work per
 * request, not less waiting (decision 008, "What a hold costs").
 */
export type CpuPerRequest = { server: number; database: number; load: number; total: number; bound: number };

/** Linux reports process times in USER_HZ, 100 a second on every architecture Node runs on here. */
const TICK_MS = 10;

/** utime + stime of one `/proc/PID/stat` line, in clock ticks. */
export function processTicks(stat: string): number {
  // The command name (2nd field) may hold spaces and parentheses: the fields after its last ')' are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the 14th and 15th fields of the whole line, the 12th and 13th after the name.
  return Number(fields[11]) + Number(fields[12]);
}

function readStat(pid: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // The process ended between the listing and the read.
    return undefined;
  }
}

export type CpuSnapshot = { server: number; database: number; load: number };

/** CPU used so far (ms) by the server, by every PostgreSQL process, and by this process. */
export function cpuSnapshot(serverPid: number): CpuSnapshot {
  let database = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = readStat(pid);
    if (stat?.includes('(postgres)')) database += processTicks(stat) * TICK_MS;
  }
  const serverStat = readStat(String(serverPid));
  const own = process.cpuUsage();
  return {
    server: serverStat ? processTicks(serverStat) * TICK_MS : 0,
    database,
    load: (own.user + own.system) / 1000,
  };
}

/** The CPU between two snapshots, per request. */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  const per = (key: keyof CpuSnapshot) => (requests > 0 ? (after[key] - before[key]) / requests : 0);
  const server = per('server');
  const database = per('database');
  const load = per('load');
  const total = server + database + load;
  return { server, database, load, total, bound: total > 0 ? (availableParallelism() * 1000) / total : 0 };
}

export const CPU_HEADER = `| scenario | server ms | database ms | load generator ms | total ms | at most, ${availableParallelism()} cores busy |\n|---|---|---|---|---|---|`;

export const formatCpuRow = (name: string, cpu: CpuPerRequest) =>
  `| ${name} | ${cpu.server.toFixed(2)} | ${cpu.database.toFixed(2)} | ${cpu.load.toFixed(2)} | ${cpu.total.toFixed(2)} | ${cpu.bound.toFixed(0)} a second |`;
