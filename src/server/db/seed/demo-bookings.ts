import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lte, min } from 'drizzle-orm';
import { AUTO_COMPLETE_AFTER_MS } from '../../../shared/domain/booking-lifecycle';
import { makeReference } from '../../../shared/domain/reference';
import { formatAddress } from '../../../shared/contract/address';
import { cityLabel } from '../../../shared/domain/ontario';
import { priceHold } from '../../modules/bookings/bookings.pricing';
import { addDaysToDate, torontoDate, torontoInstant, weekdayOf } from '../../../shared/domain/time';
import { fixedClock } from '../../clock';
import type { Env } from '../../env';
import { bookingLifeJobHandlers } from '../../jobs';
import { findUserById } from '../../modules/auth/auth.repository';
import { hashPassword } from '../../modules/auth/password-hash';
import { completeBySystem } from '../../modules/bookings/bookings.back-office';
import { cancelOwnBooking } from '../../modules/bookings/bookings.customer';
import { confirmPayment } from '../../modules/bookings/bookings.payment';
import { type BookingDeps, createHold } from '../../modules/bookings/bookings.usecases';
import type { Mailer } from '../../modules/email/email.transport';
import { createJobRunner } from '../../modules/jobs/jobs.runner';
import { markAllNotificationsRead } from '../../modules/notifications/notifications.usecases';
import { createSandboxProcessor } from '../../modules/payments/payments.sandbox';
import type { Database, Executor } from '../client';
import { bookings, jobs, providerSchedules, providerServices, providers, reviews } from '../schema';
import { findUserIdByEmail, insertUser } from './factories';
import type { Random } from './random';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const quiet = { info() {}, warn() {}, error() {} };

export function referenceFrom(random: Random) {
  return makeReference((n) => Array.from({ length: n }, () => random.int(0, 1000)));
}

/**
 * The day `days` days from `now`'s (Toronto; negative: before it), or the nearest day further from
 * it that is not a Sunday: the demo's professionals keep the default hours, Monday to Saturday.
 */
function openDay(now: Date, days: number): string {
  const step = days < 0 ? -1 : 1;
  let date = addDaysToDate(torontoDate(now), days);
  while (weekdayOf(date) === 0) date = addDaysToDate(date, step);
  return date;
}

/** The demo's past e-mails go through the outbox and its worker like any other, and then nowhere. */
const nowhere: Mailer = { send: async () => {}, close() {} };

/** The demo customer as they book: a saved address for the services that come to them. */
const CUSTOMER = {
  customerName: 'Chris Customer',
  customerEmail: 'customer@example.com',
  customerPhone: '416-555-0100',
  serviceAddress: {
    street: '120 Queen St W',
    unit: '4',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5H 2N2',
    accessNotes: 'Please ring the side door; the buzzer is broken.',
  },
};

type Plan = {
  provider: number;
  /** The service booked: one the provider offers (the catalogue's draw decides which it offers). */
  service: string;
  /** The day of the service (Toronto), and its start in minutes after midnight. */
  date: string;
  startMinutes: number;
  /** Days before the service that it was booked. */
  bookedDaysBefore: number;
  outcome: 'completed' | 'confirmed' | 'cancelled';
};

/**
 * The demo customer's bookings, made the way a customer makes them: held, paid with the sandbox's
 * test card, completed by the server two hours after they end, or cancelled by the customer, each at
 * its moment of a clock moved through the last four weeks. Everything those steps write is therefore
 * what the product writes: the provider's own service and price, the service address, the HST lines,
 * the receipts, the refund and its credit note, the ledger, the history, the notifications and the
 * e-mails (sent, by the job queue at their time, to `nowhere`). Reminders still ahead stay queued
 * for the server. One upcoming and one finished booking are with the demo partner's listing.
 */
export async function seedCustomerBookings(
  db: Database,
  input: { now: Date; env: Env; customerId: number; providerIds: number[] },
) {
  const { now, env, providerIds } = input;
  const plans: Plan[] = [
    {
      provider: providerIds[1]!,
      service: 'Full Detail Package',
      date: openDay(now, -12),
      startMinutes: 11 * 60,
      bookedDaysBefore: 9,
      outcome: 'completed',
    },
    // Done three days ago at the demo partner's listing, not yet reviewed: the review flow works at once.
    {
      provider: providerIds[0]!,
      service: 'Deep Cleaning',
      date: openDay(now, -3),
      startMinutes: 10 * 60,
      bookedDaysBefore: 8,
      outcome: 'completed',
    },
    {
      provider: providerIds[3]!,
      service: 'Bath & Brush',
      date: openDay(now, 9),
      startMinutes: 14 * 60,
      bookedDaysBefore: 12,
      outcome: 'cancelled',
    },
    {
      provider: providerIds[0]!,
      service: 'Carpet Shampooing',
      date: openDay(now, 3),
      startMinutes: 13 * 60,
      bookedDaysBefore: 7,
      outcome: 'confirmed',
    },
    {
      provider: providerIds[2]!,
      service: 'Hair Styling & Cut',
      date: openDay(now, 6),
      startMinutes: 12 * 60,
      bookedDaysBefore: 8,
      outcome: 'confirmed',
    },
  ];
  const user = await findUserById(db, input.customerId);
  if (!user) throw new Error('the demo customer is missing');

  const clock = fixedClock(now);
  const sandbox = createSandboxProcessor({ db, clock });
  // The demo's e-mails and texts are its made-up past: never to SMTP or Twilio, whatever is configured.
  const quietEnv: Env = {
    ...env,
    SMTP_URL: undefined,
    TWILIO_ACCOUNT_SID: undefined,
    TWILIO_AUTH_TOKEN: undefined,
  };
  const deps: BookingDeps = { db, clock, env: quietEnv, payments: sandbox.processor, log: quiet };
  const handlers = bookingLifeJobHandlers(deps, quiet, { mailer: nowhere });
  const runner = createJobRunner({ db, clock, log: quiet, handlers });

  /** Moves the clock to `at`, running every job that falls due on the way, each at its own time. */
  async function runUntil(at: Date) {
    for (let step = 0; step < 1000; step++) {
      const [next] = await db
        .select({ at: min(jobs.runAt) })
        .from(jobs)
        .where(
          and(eq(jobs.state, 'pending'), inArray(jobs.kind, Object.keys(handlers)), lte(jobs.runAt, at)),
        );
      if (!next?.at) break;
      if (next.at.getTime() > clock.now().getTime()) clock.set(next.at);
      await runner.runDue();
    }
    if (at.getTime() > clock.now().getTime()) clock.set(at);
  }

  type Step = { at: Date; run: () => Promise<void> };
  const steps: Step[] = [];
  for (const plan of plans) {
    const startsAt = torontoInstant(plan.date, plan.startMinutes);
    const bookedAt = new Date(startsAt.getTime() - plan.bookedDaysBefore * DAY_MS - 2 * HOUR_MS);
    let bookingId = 0;
    steps.push({
      at: bookedAt,
      run: async () => {
        const [service] = await db
          .select({ id: providerServices.id })
          .from(providerServices)
          .where(
            and(eq(providerServices.providerId, plan.provider), eq(providerServices.name, plan.service)),
          );
        if (!service) throw new Error(`the demo provider ${plan.provider} offers no ${plan.service}`);
        const hold = await createHold(deps, user, {
          ...CUSTOMER,
          providerId: plan.provider,
          serviceDate: startsAt.toISOString(),
          serviceId: service.id,
        });
        clock.advance(3 * 60_000);
        const paid = await confirmPayment(deps, user, {
          paymentIntentId: hold.paymentIntentId,
          paymentMethodId: card.id,
        });
        if (!paid.ok) throw new Error(`the demo booking was not paid: ${paid.message}`);
        bookingId = paid.bookingId;
      },
    });
    if (plan.outcome === 'cancelled') {
      steps.push({
        at: new Date(now.getTime() - DAY_MS),
        run: async () => {
          // They open the bell first (what came before is read), then cancel from My Bookings.
          await markAllNotificationsRead(deps, user.id);
          await cancelOwnBooking(deps, user, bookingId, 'My dog is staying with family that week.');
        },
      });
    }
    if (plan.outcome === 'completed') {
      steps.push({
        at: startsAt,
        run: async () => {
          // Two hours after it ends, by the server (docs/product.md §8).
          const [row] = await db
            .select({ endsAt: bookings.endsAt })
            .from(bookings)
            .where(eq(bookings.id, bookingId));
          await runUntil(new Date(row!.endsAt.getTime() + AUTO_COMPLETE_AFTER_MS));
          if (!(await completeBySystem(deps, bookingId)))
            throw new Error('the demo booking did not complete');
        },
      });
    }
  }
  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  clock.set(steps[0]!.at);
  // The card they pay with, saved at their first booking.
  const card = await sandbox.createPaymentMethod({
    customerRef: String(user.id),
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date(now).getUTCFullYear() + 3,
    cvc: '123',
    billingName: user.fullName,
  });
  for (const step of steps) {
    await runUntil(step.at);
    await step.run();
  }
  await runUntil(now);
}

/** Where the demo's reviewers live, for the services that came to them: a street and a postal code per city. */
const REVIEWER_STREETS: Record<string, { streets: string[]; postal: string }> = {
  toronto: { streets: ['Dundas St W', 'Pape Ave', 'Eglinton Ave E'], postal: 'M4K' },
  mississauga: { streets: ['Lakeshore Rd W', 'Hurontario St'], postal: 'L5H' },
  brampton: { streets: ['Main St N', 'Queen St E'], postal: 'L6V' },
  oakville: { streets: ['Rebecca St', 'Trafalgar Rd'], postal: 'L6K' },
  burlington: { streets: ['Plains Rd E', 'Brant St'], postal: 'L7R' },
  ottawa: { streets: ['Bank St', 'Elgin St'], postal: 'K1S' },
  hamilton: { streets: ['Locke St S', 'King St E'], postal: 'L8P' },
  vaughan: { streets: ['Major Mackenzie Dr W', 'Keele St'], postal: 'L4K' },
};

/** A reviewer's e-mail address, made from their name (`Zoë Tremblay`: zoe.tremblay@example.com). */
function reviewerEmail(name: string) {
  return `${name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z ]/g, '')
    .replace(/ +/g, '.')}@example.com`;
}

/**
 * A reviewer's account, made once (at their first booking): the demo's other customers, so the admin's
 * Users list and every booking name a person. Their password is `passwordHash`'s, which nobody knows.
 */
async function reviewerAccount(
  db: Executor,
  input: { name: string; since: Date; passwordHash: string; accounts: Map<string, number> },
) {
  const known = input.accounts.get(input.name);
  if (known) return known;
  const email = reviewerEmail(input.name);
  const id =
    (await findUserIdByEmail(db, email)) ??
    (await insertUser(db, {
      email,
      fullName: input.name,
      passwordHash: input.passwordHash,
      createdAt: input.since,
      emailVerifiedAt: input.since,
    }));
  input.accounts.set(input.name, id);
  return id;
}

/** A review of the demo's past, and the booking it is of when the reviewer booked through Trillium. */
export type DemoReview = {
  providerId: number;
  rating: number;
  comment: string;
  authorName: string;
  createdAt: Date;
  booking: { reference: string; city: string; categoryTaxExempt: boolean; serviceName: string } | null;
};

type ProviderFacts = {
  services: Pick<
    typeof providerServices.$inferSelect,
    'id' | 'name' | 'priceCents' | 'durationMinutes' | 'deliveredAt'
  >[];
  hours: { weekday: number; opensAt: number }[];
  location: string;
};

/** What a reviewer booking needs of its providers, read once for them all (three statements). */
async function providerFacts(db: Executor, providerIds: number[]): Promise<Map<number, ProviderFacts>> {
  const facts = new Map<number, ProviderFacts>();
  if (providerIds.length === 0) return facts;
  const located = await db
    .select({ id: providers.id, location: providers.location })
    .from(providers)
    .where(inArray(providers.id, providerIds));
  for (const { id, location } of located) facts.set(id, { services: [], hours: [], location });
  const services = await db
    .select({
      id: providerServices.id,
      providerId: providerServices.providerId,
      name: providerServices.name,
      priceCents: providerServices.priceCents,
      durationMinutes: providerServices.durationMinutes,
      deliveredAt: providerServices.deliveredAt,
    })
    .from(providerServices)
    .where(inArray(providerServices.providerId, providerIds));
  for (const { providerId, ...service } of services) facts.get(providerId)?.services.push(service);
  const hours = await db
    .select({
      providerId: providerSchedules.providerId,
      weekday: providerSchedules.weekday,
      opensAt: providerSchedules.opensAtMinute,
    })
    .from(providerSchedules)
    .where(inArray(providerSchedules.providerId, providerIds));
  for (const { providerId, ...day } of hours) facts.get(providerId)?.hours.push(day);
  return facts;
}

/**
 * The demo's past reviews, and the bookings that ~40% of them are of, written at once rather than
 * through the use cases (seventy bookings would make every start of a fresh demo seconds slower), in
 * two statements: the bookings, then the reviews. A reviewer's booking is priced line by line as a hold
 * is (fee and HST), at the reviewer's address when the service comes to them (drawn from `random`), on
 * a day and hour their provider works two days or more before the review, confirmed five days before
 * and completed two hours after. Its customer is the reviewer's account.
 */
export async function insertDemoReviews(db: Executor, random: Random, reviewList: DemoReview[]) {
  const facts = await providerFacts(db, [
    ...new Set(reviewList.filter((r) => r.booking).map((r) => r.providerId)),
  ]);
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const accounts = new Map<string, number>();
  const rows: (typeof bookings.$inferInsert)[] = [];
  for (const review of reviewList) {
    if (!review.booking) continue;
    const { services, hours, location } = facts.get(review.providerId)!;
    const service = services.find((s) => s.name === review.booking?.serviceName);
    if (!service)
      throw new Error(`the demo provider ${review.providerId} has no ${review.booking.serviceName}`);
    let day = addDaysToDate(torontoDate(review.createdAt), -2);
    for (let back = 0; back < 7 && !hours.some((h) => h.weekday === weekdayOf(day)); back++)
      day = addDaysToDate(day, -1);
    const opensAt = hours.find((h) => h.weekday === weekdayOf(day))?.opensAt ?? 9 * 60;
    const serviceDate = torontoInstant(day, opensAt + 60);
    const bookedAt = new Date(serviceDate.getTime() - 6 * DAY_MS);
    const customerId = await reviewerAccount(db, {
      name: review.authorName,
      since: bookedAt,
      passwordHash,
      accounts,
    });
    const place = REVIEWER_STREETS[review.booking.city] ?? REVIEWER_STREETS.toronto!;
    const serviceAddress =
      service.deliveredAt === 'customer'
        ? {
            street: `${random.int(12, 980)} ${random.pick(place.streets)}`,
            unit: null,
            city: cityLabel(review.booking.city),
            province: 'ON',
            postalCode: `${place.postal} ${random.int(1, 9)}${random.pick(['A', 'B', 'C', 'E', 'G', 'H', 'J'])}${random.int(1, 9)}`,
            accessNotes: null,
          }
        : null;
    const durationMinutes = service.durationMinutes ?? 60;
    const completedAt = new Date(serviceDate.getTime() + (durationMinutes + 120) * 60_000);
    rows.push({
      reference: review.booking.reference,
      customerId,
      providerId: review.providerId,
      serviceId: service.id,
      serviceTitle: service.name,
      serviceDate,
      durationMinutes,
      endsAt: new Date(serviceDate.getTime() + durationMinutes * 60_000),
      customerName: review.authorName,
      customerEmail: reviewerEmail(review.authorName),
      customerPhone: serviceAddress ? `416-555-${String(random.int(100, 9999)).padStart(4, '0')}` : null,
      deliveredAt: service.deliveredAt,
      serviceAddress,
      location: serviceAddress ? formatAddress(serviceAddress) : location,
      // The lines and their totals (price, discount, fee, HST, total), as a hold keeps them.
      ...priceHold(
        { hstRegistered: false, categoryTaxExempt: review.booking.categoryTaxExempt },
        { priceCents: service.priceCents },
      ),
      status: 'completed',
      paymentStatus: 'confirmed',
      confirmedAt: new Date(bookedAt.getTime() + 5 * 60_000),
      completedAt,
      createdAt: bookedAt,
      updatedAt: completedAt,
    });
  }
  const booked =
    rows.length > 0
      ? await db.insert(bookings).values(rows).returning({ id: bookings.id, reference: bookings.reference })
      : [];
  const bookingIds = new Map(booked.map((b) => [b.reference, b.id]));
  if (reviewList.length === 0) return;
  await db.insert(reviews).values(
    reviewList.map((review) => ({
      providerId: review.providerId,
      rating: review.rating,
      comment: review.comment,
      authorName: review.authorName,
      userId: review.booking ? accounts.get(review.authorName)! : null,
      bookingId: review.booking ? bookingIds.get(review.booking.reference)! : null,
      createdAt: review.createdAt,
      photos: [],
    })),
  );
}
