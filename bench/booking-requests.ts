import { readFileSync } from 'node:fs';
import type { BenchRequest, FunnelStep } from './harness';

/** What bench/prepare-bookings.ts wrote: signed-in customers and the times each may hold. */
export type PreparedBookings = {
  sessionIds: string[];
  providerId: number;
  /** Overlapping starts of one long service: one winner among everyone racing for any of them. */
  contestedStarts: string[];
  contestedService: string;
  /** Customers who hold at providers 2 to 1,001 (a session each), and their holds in order (prepare-bookings.ts). */
  holderSessions: string[];
  distinctHolds: Hold[];
  /** Customers who each pay once for a start of a provider of their own. */
  funnelSessions: string[];
  funnels: { payer: number; providerId: number; start: string; service: string }[];
  /** The catalog's words, most frequent first. */
  vocabulary: string[];
};
type Hold = { holder: number; providerId: number; start: string; service: string };

export function readPreparedBookings(file: string): PreparedBookings {
  return JSON.parse(readFileSync(file, 'utf8')) as PreparedBookings;
}

/** Customer i's own address (documentation range 198.18.0.0/15, never routed). */
export const clientIp = (i: number) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** Home services need where and a phone; the server ignores them for services at the provider's. */
const AT_HOME = {
  serviceAddress: { street: '120 Queen St W', city: 'Toronto', province: 'ON', postalCode: 'M5H 2N2' },
  customerPhone: '416-555-0100',
};

/** The body of POST /api/create-payment-intent for one start of one service, by customer `i`. */
export const holdBody = (h: { providerId: number; start: string; service: string }, i: number) => ({
  providerId: h.providerId,
  serviceDate: h.start,
  serviceTitle: h.service,
  customerName: `Bench Customer ${i}`,
  customerEmail: `bench${i}@example.com`,
  ...AT_HOME,
});

/** Where the funnel's payers' addresses start: after every holder's (9,000 of them, from 100). */
const FUNNEL_IPS = 10_000;

/** A hold of a distinct time, by its holder. */
export const distinctHold = (data: PreparedBookings, h: Hold): BenchRequest => ({
  method: 'POST',
  path: '/api/create-payment-intent',
  body: holdBody(h, h.holder),
  cookie: `trillium_session=${data.holderSessions[h.holder]}`,
  clientIp: clientIp(100 + h.holder),
});

/** Customer i's ask for one of the contested starts (overlapping times of one long service: one winner). */
export const contendedHold = (
  data: PreparedBookings,
  sessionId: string,
  i: number,
): Exclude<BenchRequest, string> => ({
  method: 'POST',
  path: '/api/create-payment-intent',
  body: holdBody(
    {
      providerId: data.providerId,
      start: data.contestedStarts[i % data.contestedStarts.length]!,
      service: data.contestedService,
    },
    i,
  ),
  cookie: `trillium_session=${sessionId}`,
  clientIp: clientIp(i),
});

/**
 * The whole funnel, as a customer goes through it: hold, card (the sandbox's test card), pay; the
 * confirmation e-mail is queued in the same transaction as the booking's confirmation.
 */
export const funnelJourneys = (data: PreparedBookings) =>
  data.funnels.map((f) => ({
    cookie: `trillium_session=${data.funnelSessions[f.payer]}`,
    clientIp: clientIp(FUNNEL_IPS + f.payer),
    steps: [
      { method: 'POST', path: '/api/create-payment-intent', body: () => holdBody(f, f.payer) },
      {
        method: 'POST',
        path: '/api/payments/sandbox/payment-methods',
        body: () => ({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }),
      },
      {
        method: 'POST',
        path: '/api/confirm-payment-intent',
        body: ([hold, card]) => ({
          paymentIntentId: (hold as { paymentIntentId: string }).paymentIntentId,
          paymentMethodId: (card as { id: string }).id,
        }),
      },
    ] satisfies FunnelStep[],
  }));

/**
 * The queue of holds with every customer's later holds at least `gap` places after their previous one,
 * the rest of the order kept: a hold that comes too soon waits, and goes out as soon as it may. With
 * ten connections, two holds of one customer a few places apart are in flight together. A real
 * customer changes their mind after their first hold has answered; sent together, the change can
 * release the first hold while that request is still starting its payment, which then rightly answers
 * 409 `hold_released` (tests/api/money-path-attack.test.ts). That is the product's answer to a race the
 * workload made up, not an error of the product. Holds still waiting when the queue ends go last
 * (`late`: only those may be closer than `gap`). Answers the queue and how many holds were moved.
 */
export function spacedByCustomer<T extends { holder: number }>(
  queue: readonly T[],
  gap: number,
): { queue: T[]; moved: number; late: number } {
  const out: T[] = [];
  /** Where each customer's latest hold went out. */
  const lastAt = new Map<number, number>();
  const waiting: T[] = [];
  let moved = 0;
  const ready = (h: T) => {
    const at = lastAt.get(h.holder);
    return at === undefined || out.length - at >= gap;
  };
  const send = (h: T) => {
    lastAt.set(h.holder, out.length);
    out.push(h);
  };
  const sendReady = () => {
    // A waiting hold goes out as soon as it may, before the next one of the queue; never before an
    // earlier hold of its customer that still waits.
    const blocked = new Set<number>();
    for (let i = 0; i < waiting.length; ) {
      const h = waiting[i]!;
      if (!blocked.has(h.holder) && ready(h)) send(waiting.splice(i, 1)[0]!);
      else {
        blocked.add(h.holder);
        i++;
      }
    }
  };
  for (const h of queue) {
    sendReady();
    // A customer's holds stay in their order: one behind a waiting hold of theirs waits too.
    if (ready(h) && !waiting.some((w) => w.holder === h.holder)) send(h);
    else {
      waiting.push(h);
      moved++;
    }
  }
  sendReady();
  const late = waiting.length;
  for (const h of waiting) send(h);
  return { queue: out, moved, late };
}
