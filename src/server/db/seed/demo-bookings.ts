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
import { completeBySystem } from '../../modules/bookings/bookings.back-office';
import { cancelOwnBooking } from '../../modules/bookings/bookings.customer';
import { confirmPayment } from '../../modules/bookings/bookings.payment';
import { type BookingDeps, createHold } from '../../modules/bookings/bookings.usecases';
import type { Mailer } from '../../modules/email/email.transport';
import { createJobRunner } from '../../modules/jobs/jobs.runner';
import { markAllNotificationsRead } from '../../modules/notifications/notifications.usecases';
import { createSandboxProcessor } from '../../modules/payments/payments.sandbox';
import type { Database, Executor } from '../client';
import { bookings, jobs, providerSchedules, providerServices, providers, users } from '../schema';
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
  const email = `${input.name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z ]/g, '')
    .replace(/ +/g, '.')}@example.com`;
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

/**
 * A booking of the demo's past that a reviewer made and reviewed, written at once rather than through
 * the use cases (seventy of them would make every start of a fresh demo seconds slower): priced line by
 * line as a hold is (fee and HST), at the reviewer's address when the service comes to them, confirmed
 * five days before and completed two hours after. Its customer is the reviewer's account.
 */
export async function insertReviewerBooking(
  db: Executor,
  random: Random,
  input: {
    reference: string;
    providerId: number;
    city: string;
    categoryTaxExempt: boolean;
    serviceName: string;
    reviewedAt: Date;
    authorName: string;
    passwordHash: string;
    accounts: Map<string, number>;
  },
) {
  const [service] = await db
    .select()
    .from(providerServices)
    .where(
      and(eq(providerServices.providerId, input.providerId), eq(providerServices.name, input.serviceName)),
    );
  if (!service) throw new Error(`the demo provider ${input.providerId} has no ${input.serviceName}`);
  // Two days or more before the review, on a day the provider works, an hour after it opens.
  const hours = await db
    .select({ weekday: providerSchedules.weekday, opensAt: providerSchedules.opensAtMinute })
    .from(providerSchedules)
    .where(eq(providerSchedules.providerId, input.providerId));
  let day = addDaysToDate(torontoDate(input.reviewedAt), -2);
  for (let back = 0; back < 7 && !hours.some((h) => h.weekday === weekdayOf(day)); back++)
    day = addDaysToDate(day, -1);
  const opensAt = hours.find((h) => h.weekday === weekdayOf(day))?.opensAt ?? 9 * 60;
  const serviceDate = torontoInstant(day, opensAt + 60);
  const bookedAt = new Date(serviceDate.getTime() - 6 * DAY_MS);
  const customerId = await reviewerAccount(db, {
    name: input.authorName,
    since: bookedAt,
    passwordHash: input.passwordHash,
    accounts: input.accounts,
  });
  const [customer] = await db.select({ email: users.email }).from(users).where(eq(users.id, customerId));
  const place = REVIEWER_STREETS[input.city] ?? REVIEWER_STREETS.toronto!;
  const serviceAddress =
    service.deliveredAt === 'customer'
      ? {
          street: `${random.int(12, 980)} ${random.pick(place.streets)}`,
          unit: null,
          city: cityLabel(input.city),
          province: 'ON',
          postalCode: `${place.postal} ${random.int(1, 9)}${random.pick(['A', 'B', 'C', 'E', 'G', 'H', 'J'])}${random.int(1, 9)}`,
          accessNotes: null,
        }
      : null;
  const amounts = priceHold(
    { hstRegistered: false, categoryTaxExempt: input.categoryTaxExempt },
    { priceCents: service.priceCents },
  );
  const durationMinutes = service.durationMinutes ?? 60;
  const [provider] = await db
    .select({ location: providers.location })
    .from(providers)
    .where(eq(providers.id, input.providerId));
  const [booking] = await db
    .insert(bookings)
    .values({
      reference: input.reference,
      customerId,
      providerId: input.providerId,
      serviceId: service.id,
      serviceTitle: service.name,
      serviceDate,
      durationMinutes,
      endsAt: new Date(serviceDate.getTime() + durationMinutes * 60_000),
      customerName: input.authorName,
      customerEmail: customer!.email,
      customerPhone: serviceAddress ? `416-555-${String(random.int(100, 9999)).padStart(4, '0')}` : null,
      deliveredAt: service.deliveredAt,
      serviceAddress,
      location: serviceAddress ? formatAddress(serviceAddress) : provider!.location,
      // The lines and their totals (price, discount, fee, HST, total), as a hold keeps them.
      ...amounts,
      status: 'completed',
      paymentStatus: 'confirmed',
      confirmedAt: new Date(bookedAt.getTime() + 5 * 60_000),
      completedAt: new Date(serviceDate.getTime() + (durationMinutes + 120) * 60_000),
      createdAt: bookedAt,
      updatedAt: new Date(serviceDate.getTime() + (durationMinutes + 120) * 60_000),
    })
    .returning({ id: bookings.id });
  return { bookingId: booking!.id, customerId };
}
