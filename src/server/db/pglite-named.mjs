// Named statements on PGlite (docs/decisions/008, "Statements PGlite plans once"). PGlite's `query`
// parses and plans every statement anew (an unnamed statement each time); for the app's fixed-shape
// statements (preparedPer, db/client.ts) the planning was often most of the time: availability's
// statement planned in 1.1 ms and ran in 0.8. Here such a statement is parsed once under a name, and
// each run binds that name, as node-postgres does against PostgreSQL. Plain JavaScript: the PGlite
// worker thread (pglite-worker.mjs) and the in-process driver (client.ts) both use it.
import { parse, protocol } from '@electric-sql/pglite';

const { messages, serialize } = protocol;

/**
 * Per PGlite instance: each statement text's name and parameter types. A name stands for one text for
 * the life of the instance (one session): protocol-level statements outlive transactions and their
 * rollbacks, and PostgreSQL plans them again by itself after a schema change.
 */
const statements = new WeakMap();
let named = 0;

/**
 * Runs `text` with `params` as PGlite's `query` would (same parameter serializers, same result
 * parsing, same errors), through a named statement made on its first run. `inTransaction`: the caller
 * runs inside PGlite's `transaction` and already holds its lock.
 */
export async function namedQuery(pg, text, params = [], options = {}, { inTransaction }) {
  const run = () => pg.runExclusive(() => runStatement(pg, text, params, options, inTransaction, true));
  // Outside a transaction, wait as `query` does for one in progress to end (PGlite has one session).
  return inTransaction ? run() : pg._runExclusiveTransaction(run);
}

/**
 * `query` for a statement that is not prepared, run as PGlite's own `query` runs it (an unnamed
 * statement, parsed and planned each time), except that its result is parsed with a shared table of
 * parsers (see parsersOf). For drizzle's statements on the embedded database.
 */
export async function unnamedQuery(pg, text, params = [], options = {}, { inTransaction }) {
  const run = () => pg.runExclusive(() => runStatement(pg, text, params, options, inTransaction, false));
  return inTransaction ? run() : pg._runExclusiveTransaction(run);
}

const PROBE = '\u0000probe';
const identity = (value) => value;
/** Per PGlite instance: its parser table with some types kept as text, by the list of those types. */
const textTables = new WeakMap();

/**
 * The parsers a result is read with. PGlite's own result parsing copies its whole table of parsers
 * (some 320 types) into a new object for every query that brings parsers of its own, as drizzle's
 * all do (the date types kept as text): 0.2 ms a query on this VM, against 0.025 ms without (a
 * one-row result), more than running many of the statements (docs/decisions/008, "A parser table per
 * query"). A query whose own parsers all keep their types as text (identity: drizzle's, the thread's)
 * is read with a table made once per instance and list of types. PGlite fills its table when it
 * opens (array types included); this server never asks it to add types later (refreshArrayTypes).
 */
export function parsersOf(pg, options) {
  const own = options?.parsers;
  if (!own) return pg.parsers;
  const oids = Object.keys(own);
  if (oids.length === 0) return pg.parsers;
  if (!oids.every((oid) => own[oid](PROBE) === PROBE)) return { ...pg.parsers, ...own };
  let tables = textTables.get(pg);
  if (!tables) {
    tables = new Map();
    textTables.set(pg, tables);
  }
  const key = oids.join(',');
  let table = tables.get(key);
  if (!table) {
    table = { ...pg.parsers };
    for (const oid of oids) table[oid] = identity;
    tables.set(key, table);
  }
  return table;
}

async function runStatement(pg, text, params, options, inTransaction, keep) {
  let known = statements.get(pg);
  if (!known) {
    known = new Map();
    statements.set(pg, known);
  }
  const results = [];
  const send = async (message) => {
    const { messages: answered } = await pg.execProtocol(message, { syncToFs: false });
    results.push(...answered);
    return answered;
  };
  try {
    let statement = keep ? known.get(text) : undefined;
    if (!statement) {
      // A new name each time: one whose Describe failed after its Parse may exist unrecorded. The
      // unnamed statement ('') is replaced by the next Parse, as with PGlite's `query`.
      const name = keep ? `pglite_named_${++named}` : '';
      await send(serialize.parse({ name, text, types: options.paramTypes }));
      const described = await send(serialize.describe({ type: 'S', name }));
      const types =
        described.find((m) => m instanceof messages.ParameterDescriptionMessage)?.dataTypeIDs ?? [];
      statement = { name, types };
      if (keep) known.set(text, statement);
      results.length = 0;
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.types[i];
      const serializer = options.serializers?.[type] ?? pg.serializers[type];
      return serializer ? serializer(value) : value.toString();
    });
    await send(serialize.bind({ statement: statement.name, values }));
    await send(serialize.describe({ type: 'P' }));
    await send(serialize.execute({}));
  } catch (error) {
    // After an error PostgreSQL skips everything up to the Sync; the session is usable again after it.
    await send(serialize.sync()).catch(() => {});
    throw error;
  }
  await send(serialize.sync());
  if (!inTransaction) await pg.syncToFs();
  return parse.parseResults(results, parsersOf(pg, options), { ...options, parsers: undefined })[0];
}
