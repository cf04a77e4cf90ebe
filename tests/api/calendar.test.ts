import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { emailOutbox } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertCategory, insertProvider, insertUser } from '../../src/server/db/seed/factories';
import { calendarFile } from '../../src/server/modules/calendar/calendar.ics';
import { startEmailWorker } from '../../src/server/modules/email/email.worker';
import { createSmtpMailer, isDrawnAttachment } from '../../src/server/modules/email/email.transport';
import { createTestApp, type TestContext } from '../support/app';
import { createClient } from '../support/http';
import { startSmtpServer } from '../support/smtp';
import { bookAndPay, type Customer, signedInCustomer } from '../support/api-booking';

// Issue "Reminders, calendar files and one durable job queue": calendar files, read back by a real
// iCalendar parser (ical.js).

const clock = fixedClock('2026-11-23T12:00:00Z'); // Monday 7:00 AM in Toronto
let ctx: TestContext;
let providerId: number;
let otherProviderId: number;
let people = 0;

const at = (hour: number, date: string) =>
  new Date(`${date}T${String(hour + 5).padStart(2, '0')}:00:00.000Z`).toISOString();

type Parsed = {
  method: string | null;
  uid: string;
  sequence: number;
  start: string;
  status: string | null;
  summary: string;
  organizer: string | null;
  attendees: string[];
};
/** A calendar address (`MAILTO:` or `mailto:`, the scheme is case-blind) in one spelling. */
const mailto = (value: unknown) => (value == null ? null : String(value).replace(/^mailto:/i, 'mailto:'));
function parse(ics: string): Parsed[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const method = (calendar.getFirstPropertyValue('method') as string | null) ?? null;
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      method,
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      summary: event.summary,
      organizer: mailto(vevent.getFirstPropertyValue('organizer')),
      attendees: vevent.getAllProperties('attendee').map((a) => mailto(a.getFirstValue())!),
    };
  });
}

/** The wall-clock time in Toronto of an instant, as a person there reads it: `2026-11-02 10:00`. */
const torontoWallTime = (iso: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
};

const customer = () =>
  signedInCustomer(ctx, {
    email: `cal${++people}@example.com`,
    fullName: `Cal Endar${people}`,
    ip: `10.73.0.${people}`,
  });

const book = async (client: Customer, serviceDate: string) =>
  (await bookAndPay(client, { providerId, serviceDate, customerName: 'Cal Endar' })).bookingId;

async function attachmentsTo(to: string, kind: string) {
  const rows = await ctx.database.db
    .select({ attachments: emailOutbox.attachments })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));
  // The files themselves: the receipt is kept as a reference, drawn when the e-mail is sent.
  return rows.flatMap((r) => r.attachments).flatMap((a) => (isDrawnAttachment(a) ? [] : [a]));
}

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    seed: async ({ db }) => {
      const salon = await insertCategory(db, { name: 'Salon Services', slug: 'salon-services' });
      const owner = await insertUser(db, {
        email: 'cal.owner@example.com',
        fullName: 'Sam Salon',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      providerId = await insertProvider(db, {
        name: 'Queen West Salon',
        categoryId: salon,
        ownerUserId: owner,
        streetAddress: '800 Queen St W',
        services: [{ name: 'Haircut', priceCents: 10000 }],
      });
      const rival = await insertUser(db, {
        email: 'cal.rival@example.com',
        fullName: 'Rita Rival',
        password: DEMO_PASSWORD,
        role: 'partner',
      });
      otherProviderId = await insertProvider(db, {
        name: 'King West Barbers',
        categoryId: salon,
        ownerUserId: rival,
        streetAddress: '500 King St W',
        services: [{ name: 'Beard Trim', priceCents: 4000 }],
      });
    },
  });
});

/** The start the server offers for a Toronto wall time (`10:00 AM` on `2026-11-02`), as a customer picks it. */
async function offeredStart(client: Customer, date: string, label: string): Promise<string> {
  const res = await client.get(`/api/providers/${providerId}/availability?days=14`);
  expect(res.status).toBe(200);
  const days = res.body.days as {
    date: string;
    slots: { start: string; label: string; available: boolean }[];
  }[];
  const slot = days.find((d) => d.date === date)?.slots.find((s) => s.label === label && s.available);
  expect(slot, `${label} on ${date}`).toBeDefined();
  return slot!.start;
}
afterAll(() => ctx.close());

describe('calendar files in e-mails', () => {
  it('confirm, reschedule and cancel carry the same UID with a rising SEQUENCE', async () => {
    const client = await customer();
    const id = await book(client, at(10, '2026-11-26'));
    const [confirmed] = await attachmentsTo(client.email, 'booking_confirmation');
    expect(confirmed!.contentType).toContain('method=REQUEST');
    expect(parse(confirmed!.content)).toEqual([
      {
        method: 'REQUEST',
        uid: `booking-${id}@trillium.ca`,
        sequence: 0,
        start: at(10, '2026-11-26'),
        status: 'CONFIRMED',
        summary: 'Haircut with Queen West Salon',
        // RFC 5546: a REQUEST names its organizer and its attendee, so calendar apps treat it as an
        // invitation they update (and, with CANCEL, remove), not as a loose file.
        organizer: 'mailto:support@trillium.test',
        attendees: [`mailto:${client.email}`],
      },
    ]);
    const attendee = new ICAL.Component(ICAL.parse(confirmed!.content))
      .getFirstSubcomponent('vevent')!
      .getFirstProperty('attendee')!;
    expect(['cn', 'partstat', 'rsvp'].map((name) => attendee.getParameter(name))).toEqual([
      'Cal Endar',
      'ACCEPTED',
      'FALSE',
    ]);

    expect(
      (await client.post(`/api/bookings/${id}/reschedule`, { serviceDate: at(14, '2026-11-27') })).status,
    ).toBe(200);
    const [moved] = await attachmentsTo(client.email, 'booking_rescheduled');
    expect(parse(moved!.content)[0]).toMatchObject({
      method: 'REQUEST',
      uid: `booking-${id}@trillium.ca`,
      sequence: 1,
      start: at(14, '2026-11-27'),
    });

    expect((await client.post(`/api/bookings/${id}/cancel`)).status).toBe(200);
    const [cancelled] = await attachmentsTo(client.email, 'booking_cancelled');
    expect(cancelled!.contentType).toContain('method=CANCEL');
    expect(parse(cancelled!.content)[0]).toMatchObject({
      method: 'CANCEL',
      uid: `booking-${id}@trillium.ca`,
      sequence: 2,
      status: 'CANCELLED',
      organizer: 'mailto:support@trillium.test',
      attendees: [`mailto:${client.email}`],
    });
  });

  it('across the November change: the DTSTART is the Toronto wall time the customer picked', async () => {
    // Friday 30 October 2026, 9:00 AM in Toronto (EDT, UTC-4); clocks go back on Sunday 1 November.
    clock.set(new Date('2026-10-30T13:00:00Z'));
    try {
      const client = await customer();
      const start = await offeredStart(client, '2026-11-02', '10:00 AM');
      const id = await book(client, start);
      const [confirmed] = await attachmentsTo(client.email, 'booking_confirmation');
      const [event] = parse(confirmed!.content);
      expect(torontoWallTime(event!.start)).toBe('2026-11-02 10:00');
      // 10:00 AM EST is 15:00 UTC, not the 14:00 today's offset (EDT) would give.
      expect(confirmed!.content).toMatch(/^DTSTART:20261102T150000Z\r?$/m);

      // Moved back before the change (EDT): the same wall time, another offset.
      const earlier = await offeredStart(client, '2026-10-31', '10:00 AM');
      expect((await client.post(`/api/bookings/${id}/reschedule`, { serviceDate: earlier })).status).toBe(
        200,
      );
      const [moved] = await attachmentsTo(client.email, 'booking_rescheduled');
      expect(torontoWallTime(parse(moved!.content)[0]!.start)).toBe('2026-10-31 10:00');
      expect(moved!.content).toMatch(/^DTSTART:20261031T140000Z\r?$/m);
    } finally {
      clock.set(new Date('2026-11-23T12:00:00Z'));
    }
  });

  it('across the March change: the DTSTART is the Toronto wall time the customer picked', async () => {
    // Friday 12 March 2027, 9:00 AM in Toronto (EST, UTC-5); clocks go forward on Sunday 14 March.
    clock.set(new Date('2027-03-12T14:00:00Z'));
    try {
      const client = await customer();
      await book(client, await offeredStart(client, '2027-03-15', '10:00 AM'));
      const [confirmed] = await attachmentsTo(client.email, 'booking_confirmation');
      expect(torontoWallTime(parse(confirmed!.content)[0]!.start)).toBe('2027-03-15 10:00');
      expect(confirmed!.content).toMatch(/^DTSTART:20270315T140000Z\r?$/m);
    } finally {
      clock.set(new Date('2026-11-23T12:00:00Z'));
    }
  });

  it('the attachment goes out with the message over SMTP', async () => {
    const smtp = await startSmtpServer();
    const worker = startEmailWorker({
      db: ctx.database.db,
      clock,
      log: ctx.app.log,
      mailer: createSmtpMailer({
        url: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Trillium <no-reply@trillium.test>',
      }),
      intervalMs: 60_000,
    });
    try {
      const client = await customer();
      await book(client, at(11, '2026-11-26'));
      // Everything waiting in the outbox goes, batch after batch (earlier tests queued mail too).
      while ((await worker.runOnce()) > 0);
      const mail = smtp.received.find((m) => m.to.includes(client.email));
      expect(mail?.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('times are instants: right in summer and in winter', () => {
    const booking = (iso: string) => ({
      id: 1,
      reference: 'TR-ABCDEF',
      serviceTitle: 'Haircut',
      providerName: 'Queen West Salon',
      serviceDate: new Date(iso),
      durationMinutes: 60,
      location: null,
      status: 'confirmed',
      rescheduleCount: 0,
    });
    const options = {
      method: 'PUBLISH' as const,
      publicUrl: 'https://t.example',
      organizerEmail: 's@t.example',
    };
    // 10:00 AM in Toronto: 14:00 UTC in July (EDT), 15:00 UTC in November (EST).
    expect(parse(calendarFile([booking('2026-07-15T14:00:00Z')], options))[0]!.start).toBe(
      '2026-07-15T14:00:00.000Z',
    );
    expect(parse(calendarFile([booking('2026-11-25T15:00:00Z')], options))[0]!.start).toBe(
      '2026-11-25T15:00:00.000Z',
    );
  });
});

describe('calendar feeds and downloads', () => {
  it("a customer's feed lists only their bookings; a reset link stops the old one", async () => {
    const mine = await customer();
    const other = await customer();
    const myId = await book(mine, at(9, '2026-11-30'));
    await book(other, at(13, '2026-11-30'));
    const link = await mine.get('/api/user/calendar-feed');
    expect(link.status).toBe(200);
    const path = new URL(link.body.url).pathname;
    expect(path).toMatch(/^\/api\/calendar\/[\w-]{20,}\.ics$/);
    expect((await mine.get('/api/user/calendar-feed')).body.url).toBe(link.body.url);
    const feed = await createClient(ctx).get(path);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(parse(feed.raw.body).map((e) => e.uid)).toEqual([`booking-${myId}@trillium.ca`]);

    const reset = await mine.post('/api/user/calendar-feed/reset');
    expect(reset.status).toBe(200);
    expect(reset.body.url).not.toBe(link.body.url);
    expect((await createClient(ctx).get(path)).status).toBe(404);
    expect((await createClient(ctx).get(new URL(reset.body.url).pathname)).status).toBe(200);
    expect((await createClient(ctx).get('/api/calendar/not-a-token.ics')).status).toBe(404);
  });

  it("a partner's feed lists their listing's bookings with the customer's name, and no other listing's", async () => {
    const client = await customer();
    const id = await book(client, at(15, '2026-12-01'));
    const elsewhere = (
      await bookAndPay(client, {
        providerId: otherProviderId,
        serviceDate: at(11, '2026-12-02'),
        customerName: 'Cal Endar',
      })
    ).bookingId;
    const partner = createClient(ctx, { ip: '10.73.1.1' });
    await partner.login('cal.owner@example.com', DEMO_PASSWORD);
    const link = await partner.get('/api/user/calendar-feed');
    const feed = await createClient(ctx).get(new URL(link.body.url).pathname);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const events = parse(feed.raw.body);
    expect(events.map((e) => e.uid)).toContain(`booking-${id}@trillium.ca`);
    expect(events.find((e) => e.uid === `booking-${id}@trillium.ca`)?.summary).toBe('Haircut: Cal Endar');
    // The other partner's listing: its booking is absent, and nothing of it shows.
    expect(events.map((e) => e.uid)).not.toContain(`booking-${elsewhere}@trillium.ca`);
    expect(feed.raw.body).not.toContain('Beard Trim');
    expect(feed.raw.body).not.toContain('King West Barbers');
    // The rival's own feed has it, and not this listing's.
    const rival = createClient(ctx, { ip: '10.73.1.2' });
    await rival.login('cal.rival@example.com', DEMO_PASSWORD);
    const rivalFeed = parse(
      (await createClient(ctx).get(new URL((await rival.get('/api/user/calendar-feed')).body.url).pathname))
        .raw.body,
    );
    expect(rivalFeed.map((e) => e.uid)).toEqual([`booking-${elsewhere}@trillium.ca`]);
  });

  it("downloads one's own booking as .ics; someone else's is a 404", async () => {
    const mine = await customer();
    const other = await customer();
    const id = await book(mine, at(16, '2026-12-01'));
    const file = await mine.get(`/api/bookings/${id}/calendar`);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="trillium-TR-\w+\.ics"/);
    expect(parse(file.raw.body)[0]).toMatchObject({
      method: 'PUBLISH',
      uid: `booking-${id}@trillium.ca`,
      start: at(16, '2026-12-01'),
      summary: 'Haircut with Queen West Salon',
      attendees: [],
    });
    expect((await other.get(`/api/bookings/${id}/calendar`)).status).toBe(404);
    expect((await createClient(ctx).get(`/api/bookings/${id}/calendar`)).status).toBe(401);
  });
});
