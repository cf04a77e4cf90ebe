import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** How both runners below are called: as PGlite's `query`, plus whether the caller is in a transaction. */
type StatementRunner = <T = Record<string, unknown>>(
  pg: PGlite,
  text: string,
  params?: unknown[],
  options?: QueryOptions,
  context?: { inTransaction: boolean },
) => Promise<Results<T>>;

/** See pglite-named.mjs: `text` run through a statement PGlite parses and plans once. */
export const namedQuery: StatementRunner;

/** See pglite-named.mjs: `text` run as PGlite's `query` runs it, its result read with a shared parser table. */
export const unnamedQuery: StatementRunner;

/** See pglite-named.mjs: the parsers a result of a query with `options` is read with. */
export function parsersOf(pg: PGlite, options?: QueryOptions): QueryOptions['parsers'];
