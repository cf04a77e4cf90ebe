import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/db/seed/demo';
import { createLocalStorage, uploadsFolder } from '../../src/server/modules/applications/storage';
import { recordAdminAction } from '../../src/server/modules/audit/audit.usecases';
import { createTestApp, type TestContext } from '../support/app';
import { signedInCustomer } from '../support/api-booking';
import { type Client, createClient } from '../support/http';
import { AT_HOME } from '../support/service-address';

// Issue 19, "Admin audit log": every admin action recorded with who, when, what and the values before
// and after, in the action's own transaction; GET /api/admin/audit-log with filters; never editable.

const NOW = '2026-11-23T12:00:00Z';
const clock = fixedClock(NOW);
let ctx: TestContext;
let dataDir: string;
let admin: Client;
let adminId: number;
let ip = 0;
const client = () => createClient(ctx, { ip: `10.61.0.${++ip}` });
async function as(email: string) {
  const c = client();
  await c.login(email, DEMO_PASSWORD);
  return c;
}
const count = async () =>
  (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from admin_audit_log`))[0]!
    .n;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trillium-audit-'));
  ctx = await createTestApp({
    clock,
    env: { DATA_DIR: dataDir },
    seed: async ({ db }) =>
      void (await seedDemo(db, { now: new Date(NOW), storage: createLocalStorage(uploadsFolder(dataDir)) })),
  });
  admin = await as('admin@example.com');
  adminId = (await admin.get('/api/user')).body.id;
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('what is recorded', () => {
  it('records an approval with the application before and after, in the same transaction', async () => {
    const applications = (await admin.get('/api/admin/applications')).body as {
      id: number;
      status: string;
      emailVerified: boolean;
    }[];
    const pending = applications.find((a) => a.status === 'pending' && a.emailVerified)!;
    expect(pending).toBeDefined();
    const category = (await client().get('/api/categories')).body[0];

    // A refused decision changes nothing, and records nothing.
    const before = await count();
    const refused = await admin.patch(`/api/admin/applications/${pending.id}`, {
      status: 'approved',
      adminNotes: null,
      categoryId: 999_999,
    });
    expect(refused.status).toBe(400);
    expect(await count()).toBe(before);

    clock.advance(60_000);
    const approved = await admin.patch(`/api/admin/applications/${pending.id}`, {
      status: 'approved',
      adminNotes: 'Documents checked.',
      categoryId: category.id,
    });
    expect(approved.status).toBe(200);
    expect(await count()).toBe(before + 1);

    const log = await admin.get(
      `/api/admin/audit-log?action=application.approved&targetType=application&targetId=${pending.id}`,
    );
    expect(log.status).toBe(200);
    expect(log.body.total).toBe(1);
    expect(log.body.entries).toEqual([
      {
        id: expect.any(Number),
        at: '2026-11-23T12:01:00.000Z',
        admin: { id: adminId, name: 'Alex Admin' },
        action: 'application.approved',
        targetType: 'application',
        targetId: String(pending.id),
        before: { status: 'pending', adminNotes: null, categoryId: null, providerId: null },
        after: {
          status: 'approved',
          adminNotes: expect.stringContaining('Documents checked.'),
          categoryId: category.id,
          providerId: approved.body.providerId,
        },
      },
    ]);
    expect(approved.body.providerId).toEqual(expect.any(Number));
  });

  it('records a role change, and nothing when the role stays', async () => {
    const users = (await admin.get('/api/admin/users')).body as { id: number; email: string; role: string }[];
    const customer = users.find((u) => u.email === 'customer@example.com')!;
    expect((await admin.patch(`/api/admin/users/${customer.id}`, { role: 'partner' })).status).toBe(200);
    expect((await admin.patch(`/api/admin/users/${customer.id}`, { role: 'partner' })).status).toBe(200);
    expect((await admin.patch(`/api/admin/users/${customer.id}`, { role: 'user' })).status).toBe(200);
    const log = await admin.get(`/api/admin/audit-log?targetType=user&targetId=${customer.id}`);
    expect(log.body.entries.map((e: { before: unknown; after: unknown }) => [e.before, e.after])).toEqual([
      [{ role: 'partner' }, { role: 'user' }],
      [{ role: 'user' }, { role: 'partner' }],
    ]);
  });

  it("records an admin's cancellation with its refund and reason", async () => {
    const bookings = (await admin.get('/api/admin/bookings')).body as {
      id: number;
      status: string;
      paymentStatus: string;
      totalCents: number;
    }[];
    const paid = bookings.find((b) => b.status === 'confirmed' && b.paymentStatus === 'confirmed')!;
    expect(paid).toBeDefined();
    const res = await admin.patch(`/api/admin/bookings/${paid.id}`, {
      action: 'cancel',
      reason: 'The professional is ill.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const log = await admin.get(`/api/admin/audit-log?targetType=booking&targetId=${paid.id}`);
    expect(log.body.entries).toHaveLength(1);
    expect(log.body.entries[0]).toMatchObject({
      action: 'booking.cancelled',
      admin: { id: adminId },
      before: { status: 'confirmed', paymentStatus: 'confirmed' },
      after: {
        status: 'cancelled',
        paymentStatus: 'refunded',
        refundCents: paid.totalCents,
        reason: 'The professional is ill.',
      },
    });
    // Cancelling again changes nothing: no second entry.
    await admin.patch(`/api/admin/bookings/${paid.id}`, { action: 'cancel', reason: null });
    expect((await admin.get(`/api/admin/audit-log?targetType=booking&targetId=${paid.id}`)).body.total).toBe(
      1,
    );
  });

  it('records Confirm Payment for a charge the browser never reported', async () => {
    const customer = await signedInCustomer(ctx, {
      email: 'audit.payer@example.com',
      fullName: 'Audit Payer',
      ip: '10.61.1.1',
    });
    const provider = (await client().get('/api/providers/3')).body;
    const days = (
      await client().get(`/api/providers/3/availability?days=7&serviceId=${provider.services[0].id}`)
    ).body.days as { slots: { start: string; available: boolean }[] }[];
    const start = days.flatMap((d) => d.slots).find((slot) => slot.available)!.start;
    const hold = await customer.post('/api/create-payment-intent', {
      providerId: 3,
      serviceId: provider.services[0].id,
      serviceDate: start,
      customerName: 'Audit Payer',
      customerEmail: 'audit.payer@example.com',
      ...AT_HOME,
    });
    expect(hold.status).toBe(200);
    const card = await customer.post('/api/payments/sandbox/payment-methods', {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    await ctx.app.deps.payments.confirmIntent({
      intentId: hold.body.paymentIntentId,
      paymentMethodId: card.body.id,
    });
    const confirmed = await admin.patch(`/api/admin/bookings/${hold.body.bookingId}`, {
      action: 'confirm_payment',
      reason: null,
    });
    expect(confirmed.status).toBe(200);
    const log = await admin.get(`/api/admin/audit-log?targetType=booking&targetId=${hold.body.bookingId}`);
    expect(log.body.entries).toEqual([
      expect.objectContaining({
        action: 'booking.payment_confirmed',
        before: { status: 'awaiting_payment', paymentStatus: 'pending' },
        after: { status: 'confirmed', paymentStatus: 'confirmed' },
      }),
    ]);
  });

  it('records a promotional e-mail sent, with how many it went to', async () => {
    const sent = await admin.post('/api/admin/promotional-emails', {
      subject: 'Winter cleaning week',
      message: 'Book any cleaning this week and get a free fridge clean-out.',
    });
    expect(sent.status).toBe(202);
    const log = await admin.get('/api/admin/audit-log?action=promotion.sent');
    expect(log.body.entries).toEqual([
      expect.objectContaining({
        admin: { id: adminId, name: 'Alex Admin' },
        targetType: 'promotional_email',
        before: null,
        after: { subject: 'Winter cleaning week', promotionId: null, recipients: sent.body.recipients },
      }),
    ]);
  });

  it('records review moderation and a job retried', async () => {
    const reported = (await admin.get('/api/admin/reviews')).body as { id: number }[];
    expect(reported.length).toBeGreaterThan(0);
    const reviewId = reported[0]!.id;
    expect(
      (await admin.post(`/api/admin/reviews/${reviewId}/hide`, { reason: 'Personal attack.' })).status,
    ).toBe(200);
    expect(
      (await admin.post(`/api/admin/reviews/${reviewId}/restore`, { reason: 'On appeal.' })).status,
    ).toBe(200);
    const reviewLog = await admin.get(`/api/admin/audit-log?targetType=review&targetId=${reviewId}`);
    expect(
      reviewLog.body.entries.map((e: { action: string; before: unknown; after: unknown }) => [
        e.action,
        e.before,
        e.after,
      ]),
    ).toEqual([
      [
        'review.restored',
        { hidden: true, openReports: 0 },
        { hidden: false, openReports: 0, reason: 'On appeal.' },
      ],
      [
        'review.hidden',
        { hidden: false, openReports: expect.any(Number) },
        { hidden: true, openReports: 0, reason: 'Personal attack.' },
      ],
    ]);
    expect(reviewLog.body.entries[1].before.openReports).toBeGreaterThan(0);

    const [job] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into jobs (kind, key, state, run_at, attempts, last_error)
          values ('audit.test', 'audit-failed-job', 'failed', now(), 8, 'boom') returning id`,
    );
    expect((await admin.post(`/api/admin/jobs/${job!.id}/retry`, {})).status).toBe(200);
    expect((await admin.post(`/api/admin/jobs/${job!.id}/retry`, {})).status).toBe(404);
    const jobLog = await admin.get(`/api/admin/audit-log?action=job.retried&targetId=${job!.id}`);
    expect(jobLog.body.entries).toHaveLength(1);
    expect(jobLog.body.entries[0]).toMatchObject({
      targetType: 'job',
      before: { kind: 'audit.test', state: 'failed', attempts: 8, lastError: 'boom' },
      after: { kind: 'audit.test', state: 'pending', attempts: 0 },
    });
  });
});

describe('reading the log', () => {
  it('filters by admin and time, and pages 50 at a time, newest first', async () => {
    const db = ctx.database.db;
    const start = new Date('2026-12-01T00:00:00Z').getTime();
    for (let i = 0; i < 60; i++) {
      await recordAdminAction(db, {
        adminUserId: 424_242,
        action: 'promotion.sent',
        targetType: 'promotional_email',
        targetId: i,
        after: { recipients: i },
        at: new Date(start + i * 60_000),
      });
    }
    const first = await admin.get('/api/admin/audit-log?adminId=424242');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 60, page: 1, pageSize: 50 });
    expect(first.body.entries).toHaveLength(50);
    expect(first.body.entries[0]).toMatchObject({ targetId: '59', admin: { id: 424_242, name: null } });
    const second = await admin.get('/api/admin/audit-log?adminId=424242&page=2');
    expect(second.body.entries.map((e: { targetId: string }) => e.targetId)).toEqual([
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
      '0',
    ]);
    // From (inclusive) to (exclusive): minutes 10 to 19.
    const window = await admin.get(
      `/api/admin/audit-log?adminId=424242&from=${new Date(start + 10 * 60_000).toISOString()}&to=${encodeURIComponent('2026-11-30T19:20:00-05:00')}`,
    );
    expect(window.body.total).toBe(10);
    expect(window.body.entries.at(-1).targetId).toBe('10');
    // Everyone in the log is a choice of the admin filter, the account that is gone without a name.
    expect(first.body.admins).toEqual(
      expect.arrayContaining([
        { id: adminId, name: 'Alex Admin' },
        { id: 424_242, name: null },
      ]),
    );
    const mine = await admin.get(`/api/admin/audit-log?adminId=${adminId}`);
    expect(mine.body.total).toBeGreaterThan(0);
    expect(mine.body.entries.every((e: { admin: { id: number } }) => e.admin.id === adminId)).toBe(true);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [
      'action=everything',
      'targetType=planet',
      'adminId=-1',
      'page=0',
      'from=yesterday',
      'from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z',
      "targetId=1'%20or%201=1",
    ]) {
      const res = await admin.get(`/api/admin/audit-log?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toEqual(expect.any(String));
    }
  });

  it('is for admins only: 401 signed out, 403 for a customer and a partner', async () => {
    expect((await client().get('/api/admin/audit-log')).status).toBe(401);
    expect((await (await as('customer@example.com')).get('/api/admin/audit-log')).status).toBe(403);
    expect((await (await as('partner@example.com')).get('/api/admin/audit-log')).status).toBe(403);
  });
});

describe('the log cannot be edited', () => {
  it('has no route that changes or removes an entry', async () => {
    const [entry] = (await admin.get('/api/admin/audit-log')).body.entries;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/api/admin/audit-log', `/api/admin/audit-log/${entry.id}`]) {
        const res = await admin.request({ method, url, body: { action: 'job.retried' } });
        expect(res.status, `${method} ${url}`).toBe(404);
      }
    }
  });

  it('is refused by the database itself: UPDATE, DELETE and TRUNCATE fail, the rows stay', async () => {
    const before = await count();
    for (const statement of [
      sql`update admin_audit_log set admin_user_id = 1`,
      sql`delete from admin_audit_log`,
      sql`truncate admin_audit_log`,
    ]) {
      const error = await ctx.database.db.execute(statement).then(
        () => null,
        (e: { cause?: { code?: string; message?: string } }) => e.cause ?? e,
      );
      expect(error).toMatchObject({ code: '42501', message: expect.stringContaining('append-only') });
    }
    expect(await count()).toBe(before);
  });
});
