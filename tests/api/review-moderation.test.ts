import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { lastEmailTo } from '../support/outbox';
import {
  at,
  createReviewWorld,
  expectRatingConsistent,
  HOUR,
  MONDAY_7AM,
  type ReviewWorld,
} from '../support/reviews';
import type { Customer } from '../support/api-booking';

// Issue "Verified reviews": the partner's one reply per review, reports once per person, and admins
// hiding, keeping and restoring reviews, each decision recorded and the author told (docs/product.md §8).

const clock = fixedClock(MONDAY_7AM);
let world: ReviewWorld;
let author: Customer;
let reviewId: number;
let secondId: number;

beforeAll(async () => {
  world = await createReviewWorld(clock, 'moderation');
  author = await world.customer();
  const first = await world.completedBooking(author, at(10, '2026-11-24'));
  const made = await author.post(`/api/bookings/${first}/review`, {
    rating: 1,
    comment: 'The stylist was rude and late by an hour.',
  });
  expect(made.status).toBe(201);
  reviewId = made.body.id;
  clock.advance(HOUR);
  const other = await world.customer();
  const second = await world.completedBooking(other, at(12, '2026-11-24'));
  const next = await other.post(`/api/bookings/${second}/review`, {
    rating: 5,
    comment: 'Best haircut I have had in Toronto.',
  });
  expect(next.status).toBe(201);
  secondId = next.body.id;
});
afterAll(() => world.ctx.close());

describe("the partner's reply", () => {
  it('lists the listing reviews newest first with the unanswered marked; one reply, editable', async () => {
    const listed = await world.partner.get('/api/partner/reviews');
    expect(listed.status).toBe(200);
    expect(listed.body.map((r: { id: number }) => r.id)).toEqual([secondId, reviewId]);
    expect(listed.body.every((r: { needsReply: boolean }) => r.needsReply)).toBe(true);
    expect((await world.otherPartner.get('/api/partner/reviews')).body).toEqual([]);

    const bad = await world.partner.post(`/api/partner/reviews/${reviewId}/reply`, { text: ' ' });
    expect(bad.status).toBe(400);
    const posted = await world.partner.post(`/api/partner/reviews/${reviewId}/reply`, {
      text: 'We are sorry. Please call us so we can make it right.',
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      id: reviewId,
      needsReply: false,
      reply: { text: 'We are sorry. Please call us so we can make it right.' },
    });
    clock.advance(HOUR);
    const edited = await world.partner.post(`/api/partner/reviews/${reviewId}/reply`, {
      text: 'We are sorry. Sam will call you today.',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.reply).toEqual({
      text: 'We are sorry. Sam will call you today.',
      createdAt: posted.body.reply.createdAt,
    });
    const [replies] = await queryRows<{ n: number }>(
      world.ctx.database.db,
      sql`select count(*)::int as n from review_replies where review_id = ${reviewId}`,
    );
    expect(replies?.n).toBe(1);
    const publicList = (await world.anyone.get(`/api/providers/${world.providerId}/reviews`)).body;
    expect(publicList.find((r: { id: number }) => r.id === reviewId).reply.text).toBe(
      'We are sorry. Sam will call you today.',
    );
    const after = (await world.partner.get('/api/partner/reviews')).body;
    expect(after.map((r: { needsReply: boolean }) => r.needsReply)).toEqual([true, false]);
  });

  it("refuses another listing's review (404 as a missing one), customers and visitors", async () => {
    const foreign = await world.otherPartner.post(`/api/partner/reviews/${reviewId}/reply`, {
      text: 'Not ours.',
    });
    const missing = await world.otherPartner.post('/api/partner/reviews/999999/reply', { text: 'Not ours.' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.code).toBe('reviews.not_found');
    expect(
      (await author.post(`/api/partner/reviews/${reviewId}/reply`, { text: 'Hello there' })).status,
    ).toBe(403);
    expect((await world.anyone.get('/api/partner/reviews')).status).toBe(401);
    const reply = (await world.anyone.get(`/api/providers/${world.providerId}/reviews`)).body.find(
      (r: { id: number }) => r.id === reviewId,
    ).reply;
    expect(reply.text).toBe('We are sorry. Sam will call you today.');
  });
});

describe('reports', () => {
  it('anyone signed in reports a visible review once: a second report by the same person counts once', async () => {
    const reporter = await world.customer();
    const reason = { reason: 'Offensive: names the stylist and insults them.' };
    expect((await world.anyone.post(`/api/reviews/${reviewId}/report`, reason)).status).toBe(401);
    expect((await reporter.post(`/api/reviews/${reviewId}/report`, { reason: '' })).status).toBe(400);
    const first = await reporter.post(`/api/reviews/${reviewId}/report`, reason);
    expect(first.status).toBe(201);
    expect(first.body.created).toBe(true);
    const second = await reporter.post(`/api/reviews/${reviewId}/report`, {
      reason: 'Again: it is abusive.',
    });
    expect(second.status).toBe(200);
    expect(second.body.created).toBe(false);
    const own = await author.post(`/api/reviews/${reviewId}/report`, reason);
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('reviews.own_review');
    expect((await reporter.post('/api/reviews/999999/report', reason)).body.code).toBe('reviews.not_found');
    expect((await world.partner.post(`/api/reviews/${reviewId}/report`, reason)).status).toBe(201);

    const queue = await world.admin.get('/api/admin/reviews');
    expect(queue.status).toBe(200);
    const item = queue.body.find((r: { id: number }) => r.id === reviewId);
    expect(item).toMatchObject({ reportCount: 2, hidden: false, provider: { id: world.providerId } });
    expect(item.openReports).toHaveLength(2);
    expect(item.openReports.map((r: { reason: string }) => r.reason)).toContain(reason.reason);
    expect(queue.body.some((r: { id: number }) => r.id === secondId)).toBe(false);
  });
});

describe('moderation', () => {
  it('only admins moderate, with a reason; keep dismisses the reports', async () => {
    const body = { reason: 'Harsh but about the service.' };
    expect((await author.get('/api/admin/reviews')).status).toBe(403);
    expect((await world.partner.post(`/api/admin/reviews/${reviewId}/hide`, body)).status).toBe(403);
    expect((await world.anyone.post(`/api/admin/reviews/${reviewId}/keep`, body)).status).toBe(401);
    expect((await world.admin.post(`/api/admin/reviews/${reviewId}/keep`, {})).status).toBe(400);
    expect((await world.admin.post('/api/admin/reviews/999999/hide', body)).body.code).toBe(
      'reviews.not_found',
    );
    const nothing = await world.admin.post(`/api/admin/reviews/${secondId}/keep`, body);
    expect(nothing.status).toBe(409);
    expect(nothing.body.code).toBe('reviews.no_open_reports');
    const notHidden = await world.admin.post(`/api/admin/reviews/${reviewId}/restore`, body);
    expect(notHidden.body.code).toBe('reviews.not_hidden');

    const kept = await world.admin.post(`/api/admin/reviews/${reviewId}/keep`, body);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ hidden: false, openReports: [], reportCount: 2 });
    expect(kept.body.decisions[0]).toMatchObject({
      decision: 'keep',
      reason: body.reason,
      adminName: 'Ada Admin',
    });
    expect(
      (await world.admin.get('/api/admin/reviews')).body.some((r: { id: number }) => r.id === reviewId),
    ).toBe(false);
    // Keeping tells nobody; the same reporter cannot reopen it, someone new can.
    expect((await lastEmailTo(world.ctx.database.db, author.email))?.kind).not.toBe('review_moderated');
    const fresh = await world.customer();
    expect(
      (await fresh.post(`/api/reviews/${reviewId}/report`, { reason: 'Still abusive to me.' })).status,
    ).toBe(201);
    expect((await world.admin.get('/api/admin/reviews')).body[0]).toMatchObject({
      id: reviewId,
      reportCount: 3,
    });
  });

  it('hide takes the review off the page and the numbers, tells the author; restore brings it back', async () => {
    const before = await expectRatingConsistent(world);
    const hidden = await world.admin.post(`/api/admin/reviews/${reviewId}/hide`, {
      reason: 'Personal insults towards a named employee.',
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ hidden: true, openReports: [] });
    expect(hidden.body.decisions.map((d: { decision: string }) => d.decision)).toEqual(['hide', 'keep']);
    const [event] = await queryRows<{ admin_user_id: number | null; created_at: Date }>(
      world.ctx.database.db,
      sql`select admin_user_id, created_at from review_moderation_events where review_id = ${reviewId}
          and decision = 'hide'`,
    );
    expect(event!.admin_user_id).not.toBeNull();
    expect(new Date(event!.created_at).getTime()).toBe(clock.now().getTime());

    const afterHide = await expectRatingConsistent(world);
    expect(afterHide.reviewCount).toBe(before.reviewCount - 1);
    const page = (await world.anyone.get(`/api/providers/${world.providerId}/reviews`)).body;
    expect(page.some((r: { id: number }) => r.id === reviewId)).toBe(false);
    expect(
      (await world.partner.get('/api/partner/reviews')).body.some((r: { id: number }) => r.id === reviewId),
    ).toBe(false);
    const mail = await lastEmailTo(world.ctx.database.db, author.email);
    expect(mail).toMatchObject({
      kind: 'review_moderated',
      subject: 'Your review of Queen West Salon was hidden',
    });
    expect(mail!.textBody).toContain('Personal insults towards a named employee.');
    const notes = (await author.get('/api/notifications')).body;
    expect(notes[0]).toMatchObject({ title: 'Your review was hidden' });

    // Hidden: no reports, no edit, no reply; the author still reads it as hidden.
    const reporter = await world.customer();
    expect(
      (await reporter.post(`/api/reviews/${reviewId}/report`, { reason: 'Abusive words.' })).status,
    ).toBe(404);
    expect((await author.get(`/api/reviews/${reviewId}`)).body).toMatchObject({ hidden: true });
    const edit = await author.put(`/api/reviews/${reviewId}`, {
      rating: 3,
      comment: 'Let me soften this a bit.',
    });
    expect(edit.body.code).toBe('reviews.hidden');
    const reply = await world.partner.post(`/api/partner/reviews/${reviewId}/reply`, { text: 'Thanks.' });
    expect(reply.body.code).toBe('reviews.hidden');
    expect(
      (await world.admin.post(`/api/admin/reviews/${reviewId}/hide`, { reason: 'Twice.' })).body.code,
    ).toBe('reviews.already_hidden');
    const hiddenList = (await world.admin.get('/api/admin/reviews?state=hidden')).body;
    expect(hiddenList.map((r: { id: number }) => r.id)).toEqual([reviewId]);
    expect((await world.admin.get('/api/admin/reviews?state=nope')).status).toBe(400);

    clock.advance(HOUR);
    const restored = await world.admin.post(`/api/admin/reviews/${reviewId}/restore`, {
      reason: 'The author apologised; the words were within the rules after all.',
    });
    expect(restored.status).toBe(200);
    expect(restored.body.hidden).toBe(false);
    expect(restored.body.decisions.map((d: { decision: string }) => d.decision)).toEqual([
      'restore',
      'hide',
      'keep',
    ]);
    expect(await expectRatingConsistent(world)).toEqual(before);
    expect((await lastEmailTo(world.ctx.database.db, author.email))?.subject).toBe(
      'Your review of Queen West Salon is shown again',
    );
  });
});
