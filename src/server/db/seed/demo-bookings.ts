import { priceWithFee } from '../../../shared/domain/money';
import { makeReference } from '../../../shared/domain/reference';
import { addDaysToDate, torontoDate, torontoInstant, weekdayOf } from '../../../shared/domain/time';
import type { Executor } from '../client';
import { bookings, payments } from '../schema';
import type { Random } from './random';

const DAY_MS = 86_400_000;

export function referenceFrom(random: Random) {
  return makeReference((n) => Array.from({ length: n }, () => random.int(0, 1000)));
}

/** The next day from `from` (Toronto) that is not a Sunday, `days` days ahead at least. */
function openDayAfter(now: Date, days: number): string {
  let date = addDaysToDate(torontoDate(now), days);
  while (weekdayOf(date) === 0) date = addDaysToDate(date, 1);
  return date;
}

/** The demo customer's bookings: upcoming, past, cancelled, each with its payment. */
export async function seedCustomerBookings(
  db: Executor,
  random: Random,
  now: Date,
  customerId: number,
  providerIds: number[],
) {
  const plan = [
    // Done three days ago at the demo partner's listing, not yet reviewed: the review flow works at once.
    {
      provider: providerIds[0]!,
      date: addDaysToDate(torontoDate(now), -3),
      status: 'completed' as const,
      title: 'Deep Cleaning',
    },
    {
      provider: providerIds[1]!,
      date: addDaysToDate(torontoDate(now), -12),
      status: 'completed' as const,
      title: 'Full Detail Package',
    },
    {
      provider: providerIds[0]!,
      date: openDayAfter(now, 3),
      status: 'confirmed' as const,
      title: 'Standard Home Cleaning',
    },
    {
      provider: providerIds[2]!,
      date: openDayAfter(now, 6),
      status: 'confirmed' as const,
      title: 'Hair Styling & Cut',
    },
    {
      provider: providerIds[3]!,
      date: openDayAfter(now, 9),
      status: 'cancelled' as const,
      title: 'Bath & Brush',
    },
  ];
  for (const [index, item] of plan.entries()) {
    const priceCents = random.int(60, 220) * 100;
    const amounts = priceWithFee(priceCents);
    const serviceDate = torontoInstant(item.date, (10 + index) * 60);
    const paid = item.status !== 'cancelled';
    const intentId = `pi_demo_${index + 1}`;
    const [booking] = await db
      .insert(bookings)
      .values({
        reference: referenceFrom(random),
        customerId,
        providerId: item.provider,
        serviceTitle: item.title,
        serviceDate,
        endsAt: new Date(serviceDate.getTime() + 60 * 60_000),
        customerName: 'Chris Customer',
        customerEmail: 'customer@example.com',
        customerPhone: '416-555-0100',
        notes: 'Please ring the side door.',
        location: '120 Queen St W, Toronto',
        priceCents: amounts.priceCents,
        feeCents: amounts.feeCents,
        totalCents: amounts.totalCents,
        status: item.status,
        paymentStatus: paid ? 'confirmed' : 'refunded',
        paymentIntentId: intentId,
        confirmedAt: new Date(now.getTime() - (20 - index) * DAY_MS),
        completedAt: item.status === 'completed' ? new Date(serviceDate.getTime() + 3_600_000) : null,
        cancelledAt: item.status === 'cancelled' ? new Date(now.getTime() - DAY_MS) : null,
        createdAt: new Date(Math.min(now.getTime(), serviceDate.getTime()) - (25 - index) * DAY_MS),
      })
      .returning({ id: bookings.id });
    await db.insert(payments).values({
      bookingId: booking!.id,
      processor: 'sandbox',
      intentId,
      amountCents: amounts.totalCents,
      status: 'succeeded',
      paymentMethodId: 'pm_demo_visa',
      refundedCents: paid ? 0 : amounts.totalCents,
    });
  }
}
