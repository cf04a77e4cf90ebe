import { LRUCache } from 'lru-cache';

/** A public catalog answer, serialised once through its route's response schema and kept as bytes. */
export type CachedAnswer = { body: Buffer; headers?: Record<string, string> };

/**
 * A short-lived cache of public catalog answers (search pages, provider records, service names), keyed
 * by the normalised request. Every catalog write calls `invalidate()` once its transaction committed:
 * the change shows at once in this process, and `broadcast` tells the others (several servers on one
 * PostgreSQL: a NOTIFY that each answers with `invalidateLocally()`, catalog.cache-sharing.ts and
 * docs/decisions/010-one-catalog-across-processes.md). The TTL only bounds the rare case where a notice
 * is lost while both the sender and PostgreSQL stay up. Bounded by bytes, not entries: a search page of
 * 100 providers weighs a thousand times a small answer.
 */
export function createCatalogCache({
  maxBytes = 48 * 1024 * 1024,
  ttlMs = 30_000,
  broadcast,
}: {
  maxBytes?: number;
  ttlMs?: number;
  /** Tells the other processes that the catalog changed (nothing to tell on PGlite: one process). */
  broadcast?: () => void;
} = {}) {
  const entries = new LRUCache<string, CachedAnswer>({
    maxSize: maxBytes,
    // The key and the entry's bookkeeping cost something too.
    sizeCalculation: (answer, key) => answer.body.length + key.length + 256,
    ttl: ttlMs,
  });
  const inFlight = new Map<string, Promise<CachedAnswer>>();
  let generation = 0;
  // How often an answer came from the cache (or a load already under way) rather than the database.
  const stats = { hits: 0, misses: 0 };
  const clear = () => {
    generation++;
    entries.clear();
    inFlight.clear();
  };
  return {
    /** The cached answer for `key`, or the result of `load` (one load at a time per key). */
    async get(key: string, load: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
      const hit = entries.get(key) ?? inFlight.get(key);
      if (hit) {
        stats.hits++;
        return hit;
      }
      stats.misses++;
      const startedAt = generation;
      const promise = load()
        .then((answer) => {
          // A write that landed while loading makes this answer stale: do not keep it.
          if (startedAt === generation) entries.set(key, answer);
          return answer;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
    /** The catalog changed (called after the write committed): forget everything, here and elsewhere. */
    invalidate() {
      clear();
      broadcast?.();
    },
    /** Another process changed the catalog, or its notices may have been missed: forget, here only. */
    invalidateLocally() {
      clear();
    },
    get size() {
      return entries.size;
    },
    /** Answers served from the cache, and those that went to the database, since the process started. */
    get stats() {
      return { ...stats };
    },
    /** Bytes held, as the cache counts them. */
    get bytes() {
      return entries.calculatedSize;
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
