import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdSlot, postJson, sandboxCard, signInOverHttp } from '../support/http-journey';
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

    // Load: availability is never cached, so every request reaches the database.
    const seen: { status: number; ms: number; at: number }[] = [];
    let stop = false;
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
    await Promise.all(workers);

    expect(server.child.exitCode).toBeNull();
    const during = seen.filter((s) => s.at > downAt + 200 && s.at < upAt - 200);
    expect(during.length).toBeGreaterThan(3);
    expect(during.every((s) => s.status === 503)).toBe(true);
    expect(Math.max(...during.map((s) => s.ms))).toBeLessThan(3000);
    expect(seen.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
    const recovered = seen.filter((s) => s.at > upAt + 3000);
    expect(recovered.length).toBeGreaterThan(3);
    expect(recovered.every((s) => s.status === 200)).toBe(true);

    const booking = await fetch(`${server.url}/api/bookings/${hold.bookingId}`, { headers: { cookie } });
    expect(booking.status).toBe(200);
    expect((await booking.json()).status).toBe('confirmed');
  }, 90_000);
});
