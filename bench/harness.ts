import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import { type CpuPerRequest, cpuPerRequest, cpuSnapshot } from './cpu';

export const ROOT = path.resolve(import.meta.dirname, '..');

export type Measurement = {
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** How many answers of each status other than 2xx (what a failed check needs to say). */
  otherStatuses: Record<number, number>;
  /** The same answers by status and the `code` of their `{ code, message }` body ("409 bookings.slot_taken"). */
  otherCodes: Record<string, number>;
  /** CPU per answer (per journey for journeys), when the server's process id was given (bench/cpu.ts). */
  cpu?: CpuPerRequest;
};

/** How long to drive a scenario, and the server's process, to read where the CPU went. */
export type MeasureOptions = { connections: number; seconds: number; serverPid?: number };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The nearest-rank percentile `p` (0-100) of values sorted ascending. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export type BenchRequest =
  | string
  | {
      method: 'POST';
      path: string;
      body: unknown;
      cookie?: string;
      /** The client's address, as the reverse proxy in front of the app reports it (TRUST_PROXY). */
      clientIp?: string;
    };

const toRequest = (p: BenchRequest) =>
  typeof p === 'string'
    ? { method: 'GET' as const, path: p }
    : {
        method: 'POST' as const,
        path: p.path,
        body: JSON.stringify(p.body),
        headers: {
          'content-type': 'application/json',
          ...(p.cookie ? { cookie: p.cookie } : {}),
          ...(p.clientIp ? { 'x-forwarded-for': p.clientIp } : {}),
        },
      };

/**
 * Requests each sent once across all connections, in order (then from the start again): autocannon's
 * own request lists restart per connection, so ten connections would send each request ten times at
 * once, which is a race between identical requests, not distinct work.
 */
export function sharedQueue(list: BenchRequest[]): { next(): BenchRequest; used: number } {
  let index = 0;
  return {
    next: () => list[index++ % list.length]!,
    get used() {
      return index;
    },
  };
}

/**
 * Drives `paths` round-robin for `seconds` with autocannon (no pipelining) and records every latency.
 * With a shared queue, every request of every connection takes the next item.
 */
export async function measure(
  name: string,
  baseUrl: string,
  paths: BenchRequest[] | { next(): BenchRequest },
  { connections, seconds, serverPid }: MeasureOptions,
): Promise<Measurement> {
  const latencies: number[] = [];
  const cpuBefore = serverPid ? cpuSnapshot(serverPid) : undefined;
  const otherCodes: Record<string, number> = {};
  // Which refusal each answer other than 2xx was: a status alone does not tell a taken time from a
  // released hold.
  const onResponse = (status: number, body: string) => {
    if (status >= 200 && status <= 299) return;
    const key = `${status} ${answerCode(body)}`;
    otherCodes[key] = (otherCodes[key] ?? 0) + 1;
  };
  const requests = Array.isArray(paths)
    ? paths.map((p) => ({ ...toRequest(p), onResponse }))
    : [
        {
          setupRequest: (request: object) => ({ ...request, ...toRequest(paths.next()) }),
          onResponse,
        },
      ];
  // autocannon's result is also an event emitter that reports every response with its latency.
  const instance = autocannon({
    url: baseUrl,
    connections,
    pipelining: 1,
    duration: seconds,
    requests,
  } as autocannon.Options) as unknown as Promise<autocannon.Result> & EventEmitter;
  const otherStatuses: Record<number, number> = {};
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (status < 200 || status > 299) otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
  });
  const result = await instance;
  const cpu = cpuBefore && cpuPerRequest(cpuBefore, cpuSnapshot(serverPid!), result.requests.total);
  latencies.sort((a, b) => a - b);
  return {
    name,
    connections,
    requestsPerSecond: result.requests.total / (result.duration || seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    otherStatuses,
    otherCodes,
    cpu,
  };
}

/** The `code` of an error answer's `{ code, message }`, or what stands in its place. */
function answerCode(body: unknown): string {
  try {
    const parsed = typeof body === 'string' ? JSON.parse(body) : body;
    const code = (parsed as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : '(no code)';
  } catch {
    return '(not JSON)';
  }
}

/** Starts a server script in its own process and waits until it answers `readyPath`. */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  port: number,
  readyPath: string,
  { timeoutMs = 300_000, nodeArgs = [] }: { timeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${readyPath}`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not become ready in time`);
}

/**
 * Trillium in production mode on the bench's database, without the demo data, for many customers each
 * from their own address through a proxy on this machine (the bench); `--expose-gc` so that memory can
 * be read after a full collection (GET /api/metrics.json?gc=1).
 */
export function startApp(
  dbEnv: Record<string, string>,
  port: number,
  { nodeArgs = [] }: { nodeArgs?: string[] } = {},
): Promise<ChildProcess> {
  return startProcess(
    'src/server/main.ts',
    {
      ...dbEnv,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      METRICS: 'true',
      TRUST_PROXY: 'loopback',
    },
    port,
    '/api/health',
    { nodeArgs: ['--expose-gc', ...nodeArgs] },
  );
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export function formatRow(m: Measurement, reference?: Measurement): string {
  const ratio = reference ? (m.requestsPerSecond / reference.requestsPerSecond).toFixed(3) : '1.000';
  return `| ${m.name} | ${m.connections} | ${m.requestsPerSecond.toFixed(0)} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.p99.toFixed(1)} | ${ratio} | ${m.non2xx + m.errors} |`;
}

/**
 * A JSON POST over node:http with a kept-alive agent, and its parsed answer. The journeys used `fetch`,
 * whose client took 5.3-6.0 ms of CPU per three-request journey on the two cores the server and
 * PostgreSQL share. node:http sends the same requests for 1.7-2.0 ms (decision 008, "What a request
 * costs in CPU").
 */
function post(
  agent: Agent,
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** One request of a journey; its body may use the answers of the steps before it. */
export type FunnelStep = { method: 'POST'; path: string; body: (answers: unknown[]) => unknown };

/**
 * Whole journeys, each a chain of requests where the next needs the previous answer (a hold, then a
 * card, then paying for that hold): `connections` journeys at a time, each started once, until the
 * list or the time runs out. Latency is the whole journey's; any answer other than 2xx is counted.
 */
export async function measureJourneys(
  name: string,
  baseUrl: string,
  journeys: { cookie: string; clientIp?: string; steps: FunnelStep[] }[],
  { connections, seconds, serverPid }: MeasureOptions,
): Promise<Measurement> {
  const cpuBefore = serverPid ? cpuSnapshot(serverPid) : undefined;
  const latencies: number[] = [];
  const otherStatuses: Record<number, number> = {};
  const otherCodes: Record<string, number> = {};
  let errors = 0;
  let non2xx = 0;
  let next = 0;
  // One kept-alive connection per journey at a time, as autocannon's connections are.
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (next < journeys.length && performance.now() < deadline) {
      const journey = journeys[next++]!;
      const t0 = performance.now();
      const answers: unknown[] = [];
      try {
        for (const step of journey.steps) {
          const res = await post(agent, `${baseUrl}${step.path}`, step.body(answers), {
            cookie: journey.cookie,
            ...(journey.clientIp ? { 'x-forwarded-for': journey.clientIp } : {}),
          });
          answers.push(res.body);
          if (res.status < 200 || res.status > 299) {
            non2xx++;
            otherStatuses[res.status] = (otherStatuses[res.status] ?? 0) + 1;
            const key = `${res.status} ${answerCode(res.body)}`;
            otherCodes[key] = (otherCodes[key] ?? 0) + 1;
            break;
          }
        }
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuBefore && cpuPerRequest(cpuBefore, cpuSnapshot(serverPid!), latencies.length);
  latencies.sort((a, b) => a - b);
  return {
    name,
    connections,
    requestsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx,
    errors,
    otherStatuses,
    otherCodes,
    cpu,
  };
}
