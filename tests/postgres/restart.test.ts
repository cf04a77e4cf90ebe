import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { users, sessions } from '../../src/server/db/schema';
import { randomToken, sha256 } from '../../src/server/modules/auth/auth.repository';
import { holdSlot, postJson, sandboxCard, signInOverHttp } from '../support/http-journey';
import { AT_HOME } from '../support/service-address';
import { startOwnCluster } from '../support/pg-cluster';
import { type ServerProcess, startServerProcess } from '../support/processes';

/** PostgreSQL restarted under load: the server stays up, answers 503 fast meanwhile, recovers, loses nothing. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL restarted under load', () => {
  let cluster: Awaited<ReturnType<typeof startOwnCluster>>;
  let server: ServerProcess;

  beforeAll(async () => {
    cluster = await startOwnCluster();
    server = await startServerProcess({ DATABASE_URL: cluster.url, SEED_DEMO: 'true' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    cluster?.destroy();
  }, 60_000);

  it('fails fast with 503 during the outage, recovers within seconds, and keeps every acknowledged booking', async () => {
    // A booking acknowledged before the restart.
    const cookie = await signInOverHttp(server.url);
    const { body: hold } = await holdSlot(server.url, cookie, 3, 'restart@example.com');
    const cardId = await sandboxCard(server.url, cookie);
    const paid = await postJson(
      server.url,
      '/api/confirm-payment-intent',
      { paymentIntentId: hold.paymentIntentId, paymentMethodId: cardId },
      cookie,
    );
    expect(paid.status).toBe(200);

    // Write load in transactions (a partner saving their weekly hours) next to the reads: a client
    // checked out for a transaction when PostgreSQL goes away must not take the process down.
    const partner = await signInOverHttp(server.url, 'partner@example.com');
    const writes: { status: number; at: number }[] = [];
    let stop = false;
    const hours = (closesAt: string) => ({
      schedule: [1, 2, 3, 4, 5, 6].map((day) => ({ day, opensAt: '08:00', closesAt })),
    });
    const writers = Array.from({ length: 3 }, async (_, i) => {
      for (let n = 0; !stop; n++) {
        const started = Date.now();
        try {
          const res = await fetch(`${server.url}/api/partner/schedule`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', cookie: partner },
            body: JSON.stringify(hours((n + i) % 2 === 0 ? '18:00' : '17:00')),
          });
          await res.arrayBuffer();
          writes.push({ status: res.status, at: started });
        } catch {
          writes.push({ status: 0, at: started });
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    });
    // Bookings being written: 30 customers (each holds at most 20 times in 10 minutes) take turns
    // holding one of two times at provider 4, each hold releasing that customer's previous one there,
    // so every request is a transaction that inserts a booking and updates another.
    const customers = await customersWithSessions(cluster.url, 30);
    const serviceId = (await (await fetch(`${server.url}/api/providers/4`)).json()).services?.[0]?.id;
    const starts = (
      (await (
        await fetch(`${server.url}/api/providers/4/availability?days=14&serviceId=${serviceId}`)
      ).json()) as {
        days: { slots: { start: string; available: boolean }[] }[];
      }
    ).days
      .flatMap((d) => d.slots)
      .filter((slot) => slot.available)
      .slice(-2)
      .map((slot) => slot.start);
    expect(starts).toHaveLength(2);
    const holds: { status: number; at: number }[] = [];
    const holders = Array.from({ length: 3 }, async (_, i) => {
      for (let n = 0; !stop; n++) {
        const started = Date.now();
        const customer = customers[(i * 10 + n) % customers.length]!;
        try {
          const res = await postJson(
            server.url,
            '/api/create-payment-intent',
            {
              providerId: 4,
              serviceId,
              serviceDate: starts[n % 2],
              customerName: 'Restart Customer',
              customerEmail: 'restart.load@example.com',
              ...AT_HOME,
            },
            customer,
          );
          await res.arrayBuffer();
          holds.push({ status: res.status, at: started });
        } catch {
          holds.push({ status: 0, at: started });
        }
        await new Promise((r) => setTimeout(r, 60));
      }
    });
    // Load: availability is never cached, so every request reaches the database.
    const seen: { status: number; ms: number; at: number }[] = [];
    const workers = Array.from({ length: 6 }, async () => {
      while (!stop) {
        const started = Date.now();
        try {
          const res = await fetch(`${server.url}/api/providers/2/availability`);
          await res.arrayBuffer();
          seen.push({ status: res.status, ms: Date.now() - started, at: started });
        } catch {
          seen.push({ status: 0, ms: Date.now() - started, at: started });
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    await new Promise((r) => setTimeout(r, 1000));
    cluster.stop();
    const downAt = Date.now();
    await new Promise((r) => setTimeout(r, 3000));
    cluster.start();
    const upAt = Date.now();
    await new Promise((r) => setTimeout(r, 6000));
    stop = true;
    await Promise.all([...workers, ...writers, ...holders]);

    expect(server.child.exitCode).toBeNull();
    // A 500 must say why: the server's error lines go with the failure.
    const errors = server
      .output()
      .split('\n')
      .filter((line) => /"level":50|"statusCode":5\d\d/.test(line))
      .slice(0, 8)
      .join('\n');
    // Writes: acknowledged or refused with 503, never a crash, a hang or a 500; and they work again.
    expect(
      writes.filter((w) => w.status !== 200 && w.status !== 503),
      errors,
    ).toEqual([]);
    expect(writes.filter((w) => w.at > upAt + 3000 && w.status === 200).length).toBeGreaterThan(3);
    // Holds: taken (200), refused because another customer holds that time (409), or 503 while the
    // database is away; never a 500 or a hang; and taken again afterwards.
    expect(
      holds.filter((h) => ![200, 409, 503].includes(h.status)),
      errors,
    ).toEqual([]);
    expect(holds.filter((h) => h.at < downAt && h.status === 200).length).toBeGreaterThan(0);
    const holdsWhileDown = holds.filter((h) => h.at > downAt + 200 && h.at < upAt - 200);
    expect(holdsWhileDown.length).toBeGreaterThan(3);
    expect(holdsWhileDown.every((h) => h.status === 503)).toBe(true);
    expect(holds.filter((h) => h.at > upAt + 3000 && h.status !== 503).length).toBeGreaterThan(3);
    const during = seen.filter((s) => s.at > downAt + 200 && s.at < upAt - 200);
    expect(during.length).toBeGreaterThan(3);
    expect(during.every((s) => s.status === 503)).toBe(true);
    expect(Math.max(...during.map((s) => s.ms))).toBeLessThan(3000);
    expect(
      seen.filter((s) => s.status !== 200 && s.status !== 503),
      errors,
    ).toEqual([]);
    const recovered = seen.filter((s) => s.at > upAt + 3000);
    expect(recovered.length).toBeGreaterThan(3);
    expect(recovered.every((s) => s.status === 200)).toBe(true);
    // Availability above and searches with words run prepared statements: the new connections made
    // after the restart prepare them again (a typo takes the correction's statement too).
    for (const q of ['cleaning', 'clening zzqqy']) {
      const search = await fetch(`${server.url}/api/providers?q=${encodeURIComponent(q)}`);
      expect(search.status, q).toBe(200);
      expect(Array.isArray(await search.json())).toBe(true);
    }

    const booking = await fetch(`${server.url}/api/bookings/${hold.bookingId}`, { headers: { cookie } });
    expect(booking.status).toBe(200);
    expect((await booking.json()).status).toBe('confirmed');
  }, 90_000);

  it('a transaction waiting between statements when PostgreSQL shuts down fails, and the process lives on', async () => {
    // PostgreSQL tells every connection "terminating connection due to administrator command" (57P01).
    // A client checked out for a transaction, idle between two statements, hears it as an `error`
    // event: without a listener that event is an uncaught exception, which ends the server process.
    const handle = await openDatabase({ kind: 'postgres', url: cluster.url, poolSize: 2 });
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', onCrash);
    try {
      const work = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise((r) => setTimeout(r, 1500));
        await tx.execute(sql`select 1`);
      });
      const outcome = work.then(
        () => 'committed',
        () => 'failed',
      );
      await new Promise((r) => setTimeout(r, 300));
      cluster.stop();
      expect(await outcome).toBe('failed');
      cluster.start();
      // The pool recovers by itself: new work succeeds.
      let answered = false;
      for (let i = 0; i < 50 && !answered; i++) {
        answered = await handle.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        );
        if (!answered) await new Promise((r) => setTimeout(r, 200));
      }
      expect(answered).toBe(true);
      expect(crashes).toEqual([]);
    } finally {
      process.off('uncaughtException', onCrash);
      await handle.close();
    }
  }, 60_000);
});

/** `count` customers signed in (their session cookies), written straight into the database. */
async function customersWithSessions(url: string, count: number): Promise<string[]> {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const rows = await handle.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: `restart.load${i}@example.com`,
          username: `restartload${i}`,
          fullName: `Restart Load ${i}`,
          passwordHash: 'not used: these customers never sign in with a password',
        })),
      )
      .returning({ id: users.id });
    const tokens = rows.map(() => randomToken());
    await handle.db.insert(sessions).values(
      rows.map((row, i) => ({
        idHash: sha256(tokens[i]!),
        userId: row.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      })),
    );
    return tokens.map((token) => `trillium_session=${token}`);
  } finally {
    await handle.close();
  }
}
