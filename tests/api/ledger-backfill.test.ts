import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { backfillLedger } from '../../src/server/modules/earnings/earnings.usecases';
import { createDemoApp, type TestContext } from '../support/app';
import { createClient } from '../support/http';

// Issue 22: bookings paid before the ledger existed (the demo's) get their lines once, so the demo
// partner's balances add up from the first start.

const NOW = new Date('2026-11-23T17:00:00Z');
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createDemoApp(NOW, 'ledger-backfill');
});
afterAll(() => ctx.close());

it('the demo partner has earnings from the ledger, every booking balances, and a second backfill writes nothing', async () => {
  const partner = createClient(ctx, { ip: '10.78.0.1' });
  await partner.login('partner@example.com', DEMO_PASSWORD);
  const admin = createClient(ctx, { ip: '10.78.0.2' });
  await admin.login('admin@example.com', DEMO_PASSWORD);

  const earnings = (await partner.get('/api/partner/earnings')).body;
  expect(earnings.bookings.length).toBeGreaterThan(0);
  // The Deep Cleaning done three days ago: completed more than 2 days ago, so available.
  expect(earnings.bookings.some((b: { state: string }) => b.state === 'available')).toBe(true);
  expect(earnings.availableCents).toBeGreaterThan(0);
  const check = (await admin.get('/api/admin/ledger/check')).body;
  expect(check).toMatchObject({ balanced: true, unbalanced: [] });
  expect(check.bookingsChecked).toBeGreaterThan(5);
  expect(await backfillLedger(ctx.database.db, NOW)).toBe(0);
  expect((await admin.get('/api/admin/ledger/check')).body.bookingsChecked).toBe(check.bookingsChecked);
});
