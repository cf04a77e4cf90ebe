import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from './client';

/**
 * PostgreSQL's LISTEN/NOTIFY between server processes (docs/decisions/010-one-catalog-across-processes.md).
 * A notice is a hint ("something changed"), not a message that must arrive: a listener that was away
 * may have missed some, so it is told each time it (re)connects and acts as if it had heard one.
 */

export type NoticeHandlers = {
  /** A notice on the channel, with its payload. */
  onNotice(payload: string): void;
  /** Listening (again): notices sent meanwhile may have been missed. */
  onListening(): void;
  log?: { warn(object: unknown, message: string): void };
};

export type NoticeListener = {
  /** Settles once listening for the first time (never rejects: it keeps trying until closed). */
  ready: Promise<void>;
  close(): Promise<void>;
};

/** Sends `payload` to every listener of `channel` (delivered when the caller's transaction commits). */
export async function sendNotice(db: Executor, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * A connection of its own that LISTENs on `channel` and survives PostgreSQL restarts and network
 * drops: on an error or a failed health ping it reconnects with backoff (0.25 s doubling to 10 s).
 */
export function listenForNotices(
  url: string,
  channel: string,
  handlers: NoticeHandlers,
  { pingMs = 15_000, firstRetryMs = 250, maxRetryMs = 10_000 } = {},
): NoticeListener {
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const scheduleConnect = () => {
    if (closed || retry) return;
    const delay = Math.min(maxRetryMs, firstRetryMs * 2 ** failures);
    failures++;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
  };

  const drop = (lost: pg.Client, error?: unknown) => {
    if (client !== lost) return;
    client = null;
    if (!closed) handlers.log?.warn({ err: error, channel }, 'lost the LISTEN connection; reconnecting');
    lost.end().catch(() => {});
    scheduleConnect();
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: url,
      application_name: 'trillium-listen',
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    // Errors after connecting (the server restarted: 57P01) arrive here; before, connect() rejects.
    next.on('error', (error) => drop(next, error));
    next.on('end', () => drop(next));
    next.on('notification', (notice) => {
      if (notice.channel === channel) handlers.onNotice(notice.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners('end');
      next.end().catch(() => {});
      if (!closed) handlers.log?.warn({ err: error, channel }, 'could not LISTEN; trying again');
      scheduleConnect();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    failures = 0;
    handlers.onListening();
    markReady();
  };

  // A connection can die without a word (a dropped network): a cheap query now and then finds out.
  const ping = setInterval(() => {
    const current = client;
    current?.query('select 1').catch((error) => drop(current, error));
  }, pingMs);
  ping.unref();

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      clearInterval(ping);
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      markReady();
      await current?.end().catch(() => {});
    },
  };
}
