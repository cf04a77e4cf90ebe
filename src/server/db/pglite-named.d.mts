import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** See pglite-named.mjs: `text` run through a statement PGlite parses and plans once. */
export function namedQuery<T = Record<string, unknown>>(
  pg: PGlite,
  text: string,
  params?: unknown[],
  options?: QueryOptions,
  context?: { inTransaction: boolean },
): Promise<Results<T>>;
