import { Worker } from 'node:worker_threads';

/**
 * PGlite in a worker thread, with the part of PGlite's client interface drizzle uses (`query`, `exec`,
 * `transaction`). PGlite executes each query synchronously in WebAssembly; on the server's own thread a
 * 90 ms search would stall every request in flight (the benchmark's event-loop delay). Here the main
 * thread only posts messages; rows come back by structured clone (dates, bigints and bytes intact), and
 * PostgreSQL errors keep their `code`, `constraint` and `detail`.
 *
 * Query options: drizzle passes `parsers` that keep some types as text (identity functions); those
 * type ids are sent over and the worker applies identity parsers to them. Any other parser is refused
 * rather than silently ignored.
 */

type QueryOptions = {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string) => unknown>;
  /** Through a statement PGlite parses and plans once (pglite-named.mjs). */
  named?: boolean;
};
type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

export type PgliteThreadClient = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(work: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};
export type PgliteThreadTransaction = Omit<PgliteThreadClient, 'transaction' | 'close'> & {
  rollback(): Promise<void>;
  closed: boolean;
};

class WorkerDatabaseError extends Error {
  constructor(fields: Record<string, unknown>) {
    super(String(fields.message));
    Object.assign(this, fields);
    this.name = typeof fields.name === 'string' ? fields.name : 'DatabaseError';
  }
}

const PROBE = '\u0000probe';

function textTypes(options: QueryOptions | undefined): number[] {
  const parsers = options?.parsers ?? {};
  return Object.entries(parsers).map(([oid, parse]) => {
    if (parse(PROBE) !== PROBE)
      throw new Error(`PGlite thread: only identity parsers are supported (type ${oid})`);
    return Number(oid);
  });
}

/** Starts the thread and opens `dataDir` (a folder, or `memory://`) in it. */
export async function openPgliteThread(dataDir: string): Promise<PgliteThreadClient> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let exited: Error | undefined;

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { ready?: boolean; error?: Record<string, unknown> }) => {
      if (message.ready === undefined) return;
      worker.off('message', onMessage);
      if (message.ready) resolve();
      else reject(new WorkerDatabaseError(message.error ?? { message: 'PGlite failed to open' }));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });

  worker.on(
    'message',
    (message: { id?: number; ok?: boolean; result?: unknown; error?: Record<string, unknown> }) => {
      if (message.id === undefined) return;
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new WorkerDatabaseError(message.error ?? { message: 'query failed' }));
    },
  );
  const failAll = (error: Error) => {
    exited = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the PGlite thread exited (code ${code})`)));

  const send = <T>(message: Record<string, unknown>): Promise<T> => {
    if (exited) return Promise.reject(exited);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };

  const operations = (txId?: number) => ({
    query: (sql: string, params: unknown[] = [], options?: QueryOptions) =>
      send<Results>({
        op: 'query',
        sql,
        params,
        txId,
        rowMode: options?.rowMode,
        textTypes: textTypes(options),
        named: options?.named === true,
      }),
    exec: (sql: string) => send<Results[]>({ op: 'exec', sql, txId }),
  });

  return {
    ...operations(),
    async transaction<T>(work: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
      const { txId } = await send<{ txId: number }>({ op: 'begin' });
      const tx: PgliteThreadTransaction = {
        ...operations(txId),
        closed: false,
        async rollback() {
          throw new Error('rolled back');
        },
      };
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        tx.closed = true;
        await send({ op: 'end', txId, commit: false }).catch(() => {});
        throw error;
      }
      tx.closed = true;
      await send({ op: 'end', txId, commit: true });
      return result;
    },
    async close() {
      if (exited) return;
      await send({ op: 'close' });
      await worker.terminate();
    },
  };
}
