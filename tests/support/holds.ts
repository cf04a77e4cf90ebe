import type { Database } from '../../src/server/db/client';
import { NEW_HOLD, type NewHold } from '../../src/server/modules/bookings/bookings.repository';
import { HOLD_MS } from '../../src/server/modules/bookings/bookings.usecases';

/**
 * A hold's row as createHold writes it, for a one-hour service at the provider's place, priced 50 $
 * with a 5 $ fee: for tests that call the repository's hold writers (insertHold, holdInOneStatement).
 */
export function holdRow(input: {
  reference: string;
  customerId: number;
  providerId: number;
  start: Date;
  now: Date;
}): NewHold {
  return {
    reference: input.reference,
    customerId: input.customerId,
    providerId: input.providerId,
    serviceId: null,
    serviceTitle: 'Basic',
    serviceDate: input.start,
    durationMinutes: 60,
    endsAt: new Date(input.start.getTime() + 3_600_000),
    customerName: 'One Statement',
    customerEmail: 'one-statement@example.com',
    customerPhone: null,
    notes: null,
    deliveredAt: 'provider',
    cancellationPolicy: 'flexible',
    serviceAddress: null,
    location: 'Toronto',
    priceCents: 5000,
    discountCents: 0,
    feeCents: 500,
    taxCents: 715,
    totalCents: 6215,
    lines: null,
    promoCode: null,
    partnerHstNumber: null,
    ...NEW_HOLD,
    holdExpiresAt: new Date(input.now.getTime() + HOLD_MS),
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/**
 * Counts the transactions the app opens on `db` from now on (the long way of a hold opens one, the
 * one-statement way none): `opened(work)` answers what `work` returned and how many it opened.
 */
export function countTransactions(db: Database) {
  let transactions = 0;
  const open = db.transaction.bind(db);
  db.transaction = ((...args: Parameters<typeof open>) => {
    transactions++;
    return open(...args);
  }) as typeof db.transaction;
  return async <T>(work: () => Promise<T>): Promise<{ result: T; opened: number }> => {
    const before = transactions;
    const result = await work();
    return { result, opened: transactions - before };
  };
}
