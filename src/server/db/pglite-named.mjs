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
  const run = () => pg.runExclusive(() => runNamed(pg, text, params, options, inTransaction));
  // Outside a transaction, wait as `query` does for one in progress to end (PGlite has one session).
  return inTransaction ? run() : pg._runExclusiveTransaction(run);
}

async function runNamed(pg, text, params, options, inTransaction) {
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
    let statement = known.get(text);
    if (!statement) {
      // A new name each time: one whose Describe failed after its Parse may exist unrecorded.
      const name = `pglite_named_${++named}`;
      await send(serialize.parse({ name, text, types: options.paramTypes }));
      const described = await send(serialize.describe({ type: 'S', name }));
      const types =
        described.find((m) => m instanceof messages.ParameterDescriptionMessage)?.dataTypeIDs ?? [];
      statement = { name, types };
      known.set(text, statement);
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
  return parse.parseResults(results, pg.parsers, options)[0];
}
