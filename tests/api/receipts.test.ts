import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { queryRows } from '../../src/server/db/client';
import { bookings, receipts } from '../../src/server/db/schema';
import { insertCategory, insertProvider } from '../../src/server/db/seed/factories';
import type { MailMessage } from '../../src/server/modules/email/email.transport';
import { startEmailWorker } from '../../src/server/modules/email/email.worker';
import { drawEmailAttachment } from '../../src/server/modules/receipts/receipts.usecases';
import { bookAndPay, type Customer, holdWithCard, signedInCustomer } from '../support/api-booking';
import { createTestApp, type TestContext } from '../support/app';
import { filesOf, lastEmailTo } from '../support/outbox';
import { isPdf, pdfText } from '../support/pdf';
import { AT_HOME } from '../support/service-address';

// Issue 20, receipts (DECISIONS 25): a PDF receipt per paid booking, numbered without gaps in the
// payment's transaction; a credit note per refund naming it; only the booking's customer gets them.

const clock = fixedClock('2026-11-23T12:00:00Z'); // Monday 7:00 AM in Toronto
let ctx: TestContext;
let registeredId: number;
let plainId: number;
let people = 0;
let hour = 0;

const customer = (): Promise<Customer> => {
  const n = ++people;
  return signedInCustomer(ctx, {
    email: `receipt${n}@example.com`,
    fullName: `Rae Receipt${n}`,
    ip: `10.92.0.${n}`,
  });
};
/** A new free hour each time: Tuesday to Saturday, 8 AM to 5 PM Toronto. */
const nextSlot = () => {
  const n = hour++;
  const day = 24 + Math.floor(n / 10);
  return new Date(Date.UTC(2026, 10, day, 13 + (n % 10))).toISOString();
};
const pay = (client: Customer, providerId = registeredId) =>
  bookAndPay(client, { providerId, serviceDate: nextSlot(), customerName: client.email, extra: AT_HOME });
const download = async (client: Customer, url: string) => {
  const res = await client.get(url);
  return { ...res, bytes: res.raw.rawPayload };
};

/** Sends everything due in the outbox as the server's worker does, and answers what left. */
async function sendOutbox(): Promise<MailMessage[]> {
  const sent: MailMessage[] = [];
  const log = { info() {}, warn() {}, error() {} };
  const worker = startEmailWorker({
    db: ctx.database.db,
    clock,
    log,
    intervalMs: null,
    mailer: { send: async (message) => void sent.push(message), close() {} },
    drawAttachment: (ref) => drawEmailAttachment(ctx.database.db, ref, log),
  });
  try {
    while ((await worker.runOnce()) > 0);
  } finally {
    await worker.stop();
  }
  return sent;
}

/** Every number given to one kind of document so far, in order. */
async function numbersOf(kind: 'receipt' | 'credit_note') {
  const rows = await queryRows<{ number: number }>(
    ctx.database.db,
    sql`select number from receipts where kind = ${kind} order by number`,
  );
  return rows.map((r) => r.number);
}

/**
 * Starts `request` while another transaction holds the `kind` counter's row (as a payment or refund
 * about to commit does), checks which tables the waiting request has already written (the ones it holds
 * a write lock on), and answers the request once the counter is let go. PostgreSQL only.
 */
async function writtenWhileCounterHeld<T>(
  kind: 'receipt' | 'credit_note',
  request: () => Promise<T>,
  expected: string[],
): Promise<T> {
  const db = ctx.database.db;
  let answer: Promise<T> | undefined;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into document_numbers (kind, last_number) values (${kind}, 0)
          on conflict (kind) do update set last_number = document_numbers.last_number`,
    );
    answer = request();
    const written = async () =>
      (
        await queryRows<{ relname: string }>(
          db,
          sql`select distinct c.relname from pg_stat_activity a
              join pg_locks l on l.pid = a.pid and l.mode = 'RowExclusiveLock'
              join pg_class c on c.oid = l.relation and c.relkind = 'r'
              where a.wait_event_type = 'Lock' and a.query like '%document_numbers%'`,
        )
      ).map((r) => r.relname);
    let tables: string[] = [];
    for (let tries = 0; tries < 100 && !tables.includes('bookings'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      tables = await written();
    }
    expect(tables).toEqual(expect.arrayContaining(expected));
  });
  return answer!;
}

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  const db = ctx.database.db;
  const categoryId = await insertCategory(db, { name: 'Home Cleaning', slug: 'home-cleaning' });
  registeredId = await insertProvider(db, {
    name: 'Registered Maids',
    categoryId,
    hstNumber: '123456782RT0001',
    services: [{ name: 'Deep Cleaning', priceCents: 11_000 }],
  });
  plainId = await insertProvider(db, {
    name: 'Plain Maids',
    categoryId,
    services: [{ name: 'Quick Clean', priceCents: 5_000 }],
  });
});
afterAll(() => ctx?.close());

describe('the receipt of a paid booking', () => {
  let owner: Customer;
  let bookingId: number;
  let reference: string;

  it('is offered on the booking and downloads as a PDF with the lines, both HST numbers, the card and the policy', async () => {
    owner = await customer();
    ({ bookingId, referenceNumber: reference } = await pay(owner));
    // Confirmed by the payment: its hold is over (SQL null), its time of confirmation is the clock's.
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'confirmed',
      holdExpiresAt: null,
      confirmedAt: clock.now(),
    });
    const booking = await owner.get(`/api/bookings/${bookingId}`);
    expect(booking.status).toBe(200);
    expect(booking.body.documents).toEqual({
      receipt: { number: 'R-000001', url: `/api/bookings/${bookingId}/receipt` },
      creditNotes: [],
    });

    const file = await download(owner, booking.body.documents.receipt.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`trillium-receipt-R-000001-${reference}.pdf`);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(isPdf(file.bytes)).toBe(true);
    const text = await pdfText(file.bytes);
    for (const expected of [
      'Receipt R-000001',
      `Reference ${reference}`,
      'Trillium Marketplace Inc.',
      'HST registration no. 721140309 RT0001',
      'Registered Maids',
      'HST registration no. 123456782 RT0001',
      'Deep Cleaning',
      'Service price',
      '$110.00',
      'Service fee (3%)',
      '$3.30',
      'HST on service (13%)',
      '$14.30',
      'HST on service fee (13%)',
      '$0.43',
      'Total paid (CAD)',
      '$128.03',
      'Paid by Visa ending in 4242',
      'Tuesday, November 24, 2026 at 8:00 AM ET',
      'Issued Monday, November 23, 2026 at 7:00 AM ET',
      'Flexible: Full refund until 24 hours before the start',
    ])
      expect(text).toContain(expected);
  });

  it('goes with the confirmation e-mail, drawn when the e-mail is sent', async () => {
    const mail = await lastEmailTo(ctx.database.db, owner.email);
    expect(mail?.kind).toBe('booking_confirmation');
    // The outbox keeps a reference: the payment took the receipt's number as its last statement.
    expect(mail!.attachments).toContainEqual({ draw: 'receipt', bookingId, locale: 'en' });
    expect(filesOf(mail!).map((a) => a.contentType)).toEqual([expect.stringContaining('text/calendar')]);
    const sent = await sendOutbox();
    const confirmation = sent.find((m) => m.to === owner.email && m.subject === mail!.subject);
    expect(confirmation?.attachments?.map((a) => a.filename)).toEqual([
      expect.stringMatching(/\.ics$/),
      `trillium-receipt-R-000001-${reference}.pdf`,
    ]);
    const pdf = confirmation!.attachments![1]!;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', encoding: 'base64' });
    const text = await pdfText(Buffer.from(pdf.content, 'base64'));
    expect(text).toContain('Receipt R-000001');
    expect(text).toContain(`Reference ${reference}`);
    expect(text).toContain('$128.03');
  });

  it('a receipt or credit note that is not there: the e-mail goes without it, and the log says so', async () => {
    const warned: unknown[] = [];
    const log = { warn: (details: unknown) => warned.push(details) };
    expect(await drawEmailAttachment(ctx.database.db, { draw: 'receipt', bookingId: 999_999 }, log)).toEqual(
      [],
    );
    expect(warned).toEqual([{ attachment: { draw: 'receipt', bookingId: 999_999 } }]);
    // The same for a credit note whose refund has none.
    expect(
      await drawEmailAttachment(ctx.database.db, { draw: 'credit_note', refundId: 999_999 }, log),
    ).toEqual([]);
    expect(warned).toEqual([
      { attachment: { draw: 'receipt', bookingId: 999_999 } },
      { attachment: { draw: 'credit_note', refundId: 999_999 } },
    ]);
  });

  it("another customer's receipt is the same 404 as a missing one; an unpaid hold has none", async () => {
    const stranger = await customer();
    const foreign = await stranger.get(`/api/bookings/${bookingId}/receipt`);
    const missing = await stranger.get('/api/bookings/999999/receipt');
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.code).toBe('receipts.not_found');
    const held = await stranger.post('/api/create-payment-intent', {
      providerId: plainId,
      serviceDate: nextSlot(),
      customerName: 'Sam Stranger',
      customerEmail: stranger.email,
      ...AT_HOME,
    });
    expect(held.status).toBe(200);
    const unpaid = await stranger.get(`/api/bookings/${held.body.bookingId}/receipt`);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.code).toBe('receipts.not_paid');
    expect((await stranger.get(`/api/bookings/${held.body.bookingId}`)).body.documents.receipt).toBeNull();
  });

  it('a refund produces a credit note that names the receipt, with the refund split across the lines', async () => {
    const cancelled = await owner.post(`/api/bookings/${bookingId}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refundAmount).toBe(12_803); // more than 24 hours before: in full
    const [note] = cancelled.body.documents.creditNotes;
    expect(note).toMatchObject({ number: 'CN-000001', amountCents: 12_803 });
    const file = await download(owner, note.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(file.bytes);
    for (const expected of [
      'Credit note CN-000001',
      'For receipt R-000001',
      `Reference ${reference}`,
      'Total refunded (CAD)',
      '$128.03',
      '$14.30',
      'Refunded to Visa ending in 4242',
      'Cancelled by the customer',
    ])
      expect(text).toContain(expected);
    // The cancellation e-mail carries the credit note, drawn when it is sent: the outbox keeps the
    // refund's reference, since the note took its number as the cancellation's last statement.
    const mail = await lastEmailTo(ctx.database.db, owner.email);
    expect(mail?.kind).toBe('booking_cancelled');
    expect(mail!.attachments).toContainEqual({
      draw: 'credit_note',
      refundId: expect.any(Number),
      locale: 'en',
    });
    expect(filesOf(mail!).map((a) => a.contentType)).toEqual([expect.stringContaining('text/calendar')]);
    const sent = (await sendOutbox()).find((m) => m.to === owner.email && m.subject === mail!.subject);
    const attached = sent?.attachments?.find((a) => a.contentType === 'application/pdf');
    expect(attached?.filename).toBe(`trillium-credit-note-CN-000001-${reference}.pdf`);
    const drawn = await pdfText(Buffer.from(attached!.content, 'base64'));
    expect(drawn).toContain('Credit note CN-000001');
    expect(drawn).toContain('For receipt R-000001');
    const stranger = await customer();
    expect((await stranger.get(note.url)).status).toBe(404);
    // A credit note is reached only through its own booking.
    const other = await pay(stranger, plainId);
    const noteId = note.url.split('/').pop();
    expect((await stranger.get(`/api/bookings/${other.bookingId}/credit-notes/${noteId}`)).status).toBe(404);
  });
});

describe('receipt numbers', () => {
  it('are sequential without gaps, even for payments made at the same moment, and a declined card takes none', async () => {
    const declined = await customer();
    const held = await declined.post('/api/create-payment-intent', {
      providerId: plainId,
      serviceDate: nextSlot(),
      customerName: 'Dee Clined',
      customerEmail: declined.email,
      ...AT_HOME,
    });
    const card = await declined.post('/api/payments/sandbox/payment-methods', {
      number: '4000000000000002',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    const refused = await declined.post('/api/confirm-payment-intent', {
      paymentIntentId: held.body.paymentIntentId,
      paymentMethodId: card.body.id,
    });
    expect(refused.status).toBe(402);

    const payers = await Promise.all(Array.from({ length: 6 }, () => customer()));
    await Promise.all(payers.map((payer) => pay(payer, plainId)));
    const numbers = await numbersOf('receipt');
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers.length).toBeGreaterThanOrEqual(8);
  });

  it('credit notes too: cancellations at the same moment each get the next number, none twice, no gap', async () => {
    const payers = await Promise.all(Array.from({ length: 6 }, () => customer()));
    const paid = await Promise.all(payers.map((payer) => pay(payer, plainId)));
    const cancelled = await Promise.all(
      payers.map((payer, i) => payer.post(`/api/bookings/${paid[i]!.bookingId}/cancel`, {})),
    );
    expect(cancelled.map((r) => r.status)).toEqual(payers.map(() => 200));
    // Each cancellation's own note, on its booking.
    for (const answer of cancelled)
      expect(answer.body.documents.creditNotes).toEqual([
        expect.objectContaining({ number: expect.stringMatching(/^CN-\d{6}$/) }),
      ]);
    const numbers = await numbersOf('credit_note');
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers.length).toBeGreaterThanOrEqual(6);
  });

  // PostgreSQL only: a second transaction cannot hold a lock beside PGlite's one connection.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "takes the number as the payment's last statement: one waiting for the counter has written all else",
    async () => {
      const client = await customer();
      const { hold, paymentMethodId } = await holdWithCard(client, {
        providerId: plainId,
        serviceDate: nextSlot(),
        customerName: client.email,
        extra: AT_HOME,
      });
      // Its e-mail (with its job), notifications, reminders and ledger are written: from here it only
      // takes its number and commits, so the counter is held for that alone.
      const paid = await writtenWhileCounterHeld(
        'receipt',
        () =>
          client.post('/api/confirm-payment-intent', {
            paymentIntentId: hold.paymentIntentId,
            paymentMethodId,
          }),
        ['bookings', 'ledger_entries', 'email_outbox', 'jobs', 'notifications'],
      );
      expect(paid.status).toBe(200);
      expect(paid.body.status).toBe('succeeded');
      const receipt = (await client.get(`/api/bookings/${hold.bookingId}`)).body.documents.receipt;
      expect(receipt.number).toMatch(/^R-\d{6}$/);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "takes a credit note's number as the cancellation's last statement",
    async () => {
      const client = await customer();
      const { bookingId } = await pay(client, plainId);
      // The booking, its refund and ledger lines, the e-mail, the notifications and the refund's job
      // are written before the note's number is taken.
      const cancelled = await writtenWhileCounterHeld(
        'credit_note',
        () => client.post(`/api/bookings/${bookingId}/cancel`, {}),
        ['bookings', 'refunds', 'ledger_entries', 'email_outbox', 'jobs', 'notifications'],
      );
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.documents.creditNotes).toEqual([
        expect.objectContaining({ number: expect.stringMatching(/^CN-\d{6}$/) }),
      ]);
    },
  );

  it('a booking paid before receipts existed gets its receipt, with the next number, at the first download', async () => {
    const client = await customer();
    const { bookingId } = await pay(client, plainId);
    // As if paid before migration 0013: no receipt row, and no number taken for it.
    await ctx.database.db.delete(receipts).where(eq(receipts.bookingId, bookingId));
    await ctx.database.db.execute(
      sql`update document_numbers set last_number = last_number - 1 where kind = 'receipt'`,
    );
    const [last] = await queryRows<{ max: number }>(
      ctx.database.db,
      sql`select max(number)::int as max from receipts where kind = 'receipt'`,
    );
    expect((await client.get(`/api/bookings/${bookingId}`)).body.documents.receipt.number).toBeNull();
    const file = await download(client, `/api/bookings/${bookingId}/receipt`);
    expect(file.status).toBe(200);
    const number = `R-${String(last!.max + 1).padStart(6, '0')}`;
    expect(await pdfText(file.bytes)).toContain(`Receipt ${number}`);
    expect((await client.get(`/api/bookings/${bookingId}`)).body.documents.receipt.number).toBe(number);
    // The same receipt again, not a new number.
    expect(await pdfText((await download(client, `/api/bookings/${bookingId}/receipt`)).bytes)).toContain(
      `Receipt ${number}`,
    );
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.confirmedAt).not.toBeNull();
  });
});
