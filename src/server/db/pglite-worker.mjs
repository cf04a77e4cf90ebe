// The embedded database in its own thread (see pglite-thread.ts): PGlite runs queries synchronously in
// WebAssembly, so on the server's main thread a slow query would stall every other request. Plain
// JavaScript so the thread starts the same under tsx, Vitest and plain Node.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { namedQuery, unnamedQuery } from './pglite-named.mjs';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

const identity = (value) => value;
/** Query options from the main thread: the row mode, and the types to keep as text (drizzle's parsers). */
const queryOptions = (message) => ({
  rowMode: message.rowMode,
  parsers: Object.fromEntries((message.textTypes ?? []).map((oid) => [oid, identity])),
});

/** What crosses back: the fields PostgreSQL errors carry, which callers read (`code`: 23505...). */
function serializeError(error) {
  const fields = ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'where'];
  const out = { message: error?.message ?? String(error), name: error?.name ?? 'Error' };
  for (const field of fields) if (error?.[field] !== undefined) out[field] = error[field];
  return out;
}

const answer = (id, result) => port.postMessage({ id, ok: true, result });
const fail = (id, error) => port.postMessage({ id, ok: false, error: serializeError(error) });

const resultOf = (result) => ({
  rows: result.rows,
  fields: result.fields,
  affectedRows: result.affectedRows,
});

let db;
try {
  db = await PGlite.create(workerData.dataDir, {
    extensions: { pg_trgm, btree_gist },
    // PostgreSQL's 128 MB of shared buffers live in this process's memory (WebAssembly); the files
    // are on disk, so the operating system's page cache keeps serving what falls out of 48 MB. Keeps
    // the server within its memory budget at 100,000 providers (bench/RESULTS.md).
    postgresqlconf: ['shared_buffers = 48MB'],
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: serializeError(error) });
  process.exit(1);
}

/** Open transactions: the PGlite transaction object and how to end it. */
const transactions = new Map();

port.on('message', async (message) => {
  const { id, op } = message;
  try {
    if (op === 'query' || op === 'exec') {
      const target = message.txId === undefined ? db : transactions.get(message.txId)?.tx;
      if (!target) throw new Error(`no open transaction ${message.txId}`);
      if (op === 'query') {
        // Named (prepared) or not, run as PGlite's `query` would, its result read with a shared parser
        // table (pglite-named.mjs, parsersOf).
        const run = message.named ? namedQuery : unnamedQuery;
        const result = await run(db, message.sql, message.params, queryOptions(message), {
          inTransaction: message.txId !== undefined,
        });
        answer(id, resultOf(result));
      } else {
        answer(id, (await target.exec(message.sql)).map(resultOf));
      }
    } else if (op === 'begin') {
      // The transaction stays open (holding PGlite's lock) until the main thread sends `end`.
      let end;
      const ended = new Promise((resolve, reject) => {
        end = (commit) => (commit ? resolve() : reject(new Error('rolled back')));
      });
      const entry = { tx: undefined, end, done: undefined };
      transactions.set(id, entry);
      entry.done = db.transaction(async (tx) => {
        entry.tx = tx;
        answer(id, { txId: id });
        await ended;
      });
      entry.done.catch((error) => {
        // The transaction never opened: `begin` failed.
        if (!entry.tx) {
          transactions.delete(id);
          fail(id, error);
        }
      });
    } else if (op === 'end') {
      const entry = transactions.get(message.txId);
      if (!entry) throw new Error(`no open transaction ${message.txId}`);
      transactions.delete(message.txId);
      entry.end(message.commit);
      try {
        await entry.done;
        answer(id, null);
      } catch (error) {
        // A rollback we asked for is not an error.
        if (message.commit) fail(id, error);
        else answer(id, null);
      }
    } else if (op === 'close') {
      await db.close();
      answer(id, null);
    } else {
      throw new Error(`unknown operation ${op}`);
    }
  } catch (error) {
    fail(id, error);
  }
});
