import { LRUCache } from 'lru-cache';

/**
 * A short-lived cache of public catalog answers (search pages and provider records), keyed by the
 * normalised request. Every catalog write calls `invalidate()`, so a change shows at once in this
 * process; the TTL bounds how long another process (several servers on one PostgreSQL) may lag until
 * it hears of the change.
 */
export function createCatalogCache({ max = 5000, ttlMs = 30_000 }: { max?: number; ttlMs?: number } = {}) {
  const entries = new LRUCache<string, { value: unknown }>({ max, ttl: ttlMs });
  const inFlight = new Map<string, Promise<unknown>>();
  let generation = 0;
  return {
    /** The cached value for `key`, or the result of `load` (one load at a time per key). */
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit) return hit.value as T;
      const pending = inFlight.get(key);
      if (pending) return pending as Promise<T>;
      const startedAt = generation;
      const promise = load()
        .then((value) => {
          // A write that landed while loading makes this answer stale: do not keep it.
          if (startedAt === generation) entries.set(key, { value });
          return value;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
    invalidate() {
      generation++;
      entries.clear();
      inFlight.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
