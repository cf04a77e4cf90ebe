import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { sendNotice } from '../../db/notify';
import { type CatalogCache, createCatalogCache } from './catalog.cache';

/** The PostgreSQL channel catalog writes are announced on; the payload is the sending process's id. */
export const CATALOG_CHANGED_CHANNEL = 'trillium_catalog_changed';

/**
 * One catalog across server processes (docs/decisions/010-one-catalog-across-processes.md): on
 * PostgreSQL, every `invalidate()` sends a NOTIFY once the write committed, and every other process
 * LISTENing clears its cache at once; a listener that reconnects (PostgreSQL restarted) clears its
 * cache too, since notices sent meanwhile are lost. On PGlite (one process) the cache stays local.
 */
export async function createSharedCatalogCache(
  database: Pick<DatabaseHandle, 'db' | 'listen'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
  { readyWithinMs = 3000 } = {},
): Promise<{ cache: CatalogCache; close(): Promise<void> }> {
  if (!database.listen) return { cache: createCatalogCache(), close: async () => {} };
  const self = randomUUID();
  const cache = createCatalogCache({
    broadcast: () => {
      sendNotice(database.db, CATALOG_CHANGED_CHANNEL, self).catch((error) =>
        log.warn(
          { err: error },
          'catalog change not announced to other processes (their cache expires in 30 s)',
        ),
      );
    },
  });
  const listener = database.listen(CATALOG_CHANGED_CHANNEL, {
    onNotice: (sender) => {
      if (sender !== self) cache.invalidateLocally();
    },
    onListening: () => cache.invalidateLocally(),
    log,
  });
  // Listening before the server answers, so no change is missed from its first request; a database
  // that is slow to accept the connection delays the start by at most this long.
  await Promise.race([listener.ready, new Promise((resolve) => setTimeout(resolve, readyWithinMs).unref())]);
  return { cache, close: () => listener.close() };
}
