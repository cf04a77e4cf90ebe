import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import type { NoticeHandlers } from '../../db/notify';
import { CATALOG_CHANGED_CHANNEL, createSharedCatalogCache } from './catalog.cache-sharing';

const answer = (text: string) => async () => ({ body: Buffer.from(text) });

/** A database handle that records NOTIFYs sent and lets the test play the LISTEN side. */
function fakePostgres() {
  const sent: string[] = [];
  let handlers: NoticeHandlers | undefined;
  const database = {
    db: {
      execute: async (query: { queryChunks?: unknown[] }) => {
        sent.push(JSON.stringify(query.queryChunks));
        return { rows: [] };
      },
    },
    listen: (channel: string, given: NoticeHandlers) => {
      expect(channel).toBe(CATALOG_CHANGED_CHANNEL);
      handlers = given;
      queueMicrotask(() => given.onListening());
      return { ready: Promise.resolve(), close: async () => {} };
    },
  } as unknown as Pick<DatabaseHandle, 'db' | 'listen'>;
  return { database, sent, handlers: () => handlers! };
}

const log = { warn: () => {} };

describe('the catalog cache shared across processes', () => {
  it('announces its own changes, and clears on notices from others, not its own', async () => {
    const pg = fakePostgres();
    const { cache } = await createSharedCatalogCache(pg.database, log);
    await cache.get('a', answer('old'));
    expect(cache.size).toBe(1);

    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(pg.sent).toHaveLength(1);
    expect(pg.sent[0]).toContain('pg_notify');
    const self = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(pg.sent[0]!)?.[0];
    expect(self).toBeDefined();

    await cache.get('a', answer('new'));
    pg.handlers().onNotice(self!);
    expect(cache.size).toBe(1);
    pg.handlers().onNotice('another-process');
    expect(cache.size).toBe(0);
  });

  it('clears whenever it starts listening again (notices may have been missed)', async () => {
    const pg = fakePostgres();
    const { cache } = await createSharedCatalogCache(pg.database, log);
    await cache.get('a', answer('cached while the connection was down'));
    pg.handlers().onListening();
    expect(cache.size).toBe(0);
  });

  it('stays local without LISTEN (PGlite)', async () => {
    const { cache } = await createSharedCatalogCache({ db: {} as DatabaseHandle['db'] }, log);
    await cache.get('a', answer('x'));
    cache.invalidate();
    expect(cache.size).toBe(0);
  });
});
