import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { generateSlots } from '../../src/shared/domain/slots';
import { torontoDate } from '../../src/shared/domain/time';
import { type ServerProcess, startServerProcess } from '../support/processes';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'trillium-fault-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function signIn(server: ServerProcess) {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'customer@example.com', password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function lastFreeSlot(server: ServerProcess, providerId: number) {
  const provider = await (await fetch(`${server.url}/api/providers/${providerId}`)).json();
  return generateSlots({
    schedule: provider.schedule,
    from: torontoDate(new Date()),
    days: 14,
    now: new Date(),
  })
    .flatMap((d) => d.slots)
    .filter((s) => s.available)
    .at(-1)!.start;
}

describe('process faults on the embedded database', () => {
  it('SIGTERM under load: in-flight requests finish, no 5xx, exit within 10 s, the data folder reopens cleanly', async () => {
    const dir = dataDir();
    const server = await startServerProcess({ DATA_DIR: dir, SEED_DEMO: 'true' });
    const statuses: number[] = [];
    const failures: string[] = [];
    let stop = false;
    const load = Array.from({ length: 8 }, async (_v, i) => {
      while (!stop) {
        try {
          const res = await fetch(`${server.url}/api/providers/${1 + (i % 5)}/availability`);
          statuses.push(res.status);
          await res.arrayBuffer();
        } catch (error) {
          // After the listener closes, new connections are refused: that is not a failed request.
          failures.push(String((error as Error).cause ?? error));
          break;
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    const started = Date.now();
    const code = await server.stop('SIGTERM');
    stop = true;
    await Promise.all(load);
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(failures.every((f) => /ECONNREFUSED|ECONNRESET|other side closed|SocketError/.test(f))).toBe(true);

    const again = await startServerProcess({ DATA_DIR: dir, SEED_DEMO: 'true' });
    const res = await fetch(`${again.url}/api/providers?limit=1`);
    expect(res.headers.get('x-total-count')).toBe('64');
    expect(await again.stop('SIGTERM')).toBe(0);
  }, 120_000);

  it('SIGKILL after the card processor said succeeded: after restart the booking is confirmed and e-mailed once', async () => {
    const dir = dataDir();
    const crashing = await startServerProcess({
      DATA_DIR: dir,
      SEED_DEMO: 'true',
      TRILLIUM_FAILPOINT: 'crash-after-payment',
    });
    const cookie = await signIn(crashing);
    const headers = { 'content-type': 'application/json', cookie };
    const hold = await (
      await fetch(`${crashing.url}/api/create-payment-intent`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          providerId: 2,
          serviceDate: await lastFreeSlot(crashing, 2),
          customerName: 'Chris Customer',
          customerEmail: 'crash@example.com',
        }),
      })
    ).json();
    const card = await (
      await fetch(`${crashing.url}/api/payments/sandbox/payment-methods`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }),
      })
    ).json();
    const confirm = fetch(`${crashing.url}/api/confirm-payment-intent`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ paymentIntentId: hold.paymentIntentId, paymentMethodId: card.id }),
    }).catch((error: Error) => error);
    expect(await confirm).toBeInstanceOf(Error);
    await new Promise((resolve) =>
      crashing.child.exitCode !== null ? resolve(null) : crashing.child.once('exit', resolve),
    );
    expect(crashing.child.signalCode).toBe('SIGKILL');

    const restarted = await startServerProcess({ DATA_DIR: dir, SEED_DEMO: 'true' });
    const cookie2 = await signIn(restarted);
    await expect
      .poll(
        async () =>
          (
            await (
              await fetch(`${restarted.url}/api/bookings/${hold.bookingId}`, { headers: { cookie: cookie2 } })
            ).json()
          ).status,
        { timeout: 20_000 },
      )
      .toBe('confirmed');
    // Asking again (the browser retrying) neither charges nor e-mails twice.
    const retry = await fetch(`${restarted.url}/api/confirm-payment-intent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookie2 },
      body: JSON.stringify({ paymentIntentId: hold.paymentIntentId, paymentMethodId: card.id }),
    });
    expect((await retry.json()).status).toBe('succeeded');
    expect(await restarted.stop('SIGTERM')).toBe(0);
    // The outbox is read after a clean stop: exactly one confirmation for this booking.
    const { openDatabase } = await import('../../src/server/db/client');
    const db = await openDatabase({ kind: 'pglite', dataDir: dir });
    const rows = (await db.db.execute(
      `select count(*)::int as n from email_outbox where to_address = 'crash@example.com'` as never,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]!.n).toBe(1);
    await db.close();
  }, 150_000);
});
