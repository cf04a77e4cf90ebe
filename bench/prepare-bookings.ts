import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { priceWithFee } from '../src/shared/domain/money';
import { generateSlots } from '../src/shared/domain/slots';
import { addDaysToDate, torontoDate, torontoInstant } from '../src/shared/domain/time';
import { openDatabase } from '../src/server/db/client';
import { bookings, sessions, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/modules/auth/password-hash';
import { randomToken, sha256 } from '../src/server/modules/auth/auth.repository';
import { loadProviders } from '../src/server/modules/catalog/catalog.repository';
import { spacedByCustomer } from './booking-requests';
import { catalogVocabulary } from './vocabulary';
import { seededRandom } from './workload';
import { loadEnv } from '../src/server/env';
import { databaseOptionsFromEnv } from '../src/server/server';

/**
 * Before the server starts (PGlite allows one process per folder): gives provider 1 200 bookings
 * (100 past, 100 upcoming), and signs in 100 customers, whose session ids go to the file named in argv.
 */
const out = process.argv[2]!;
const env = loadEnv();
const database = await openDatabase(databaseOptionsFromEnv(env));
const db = database.db;
const now = new Date();
const [provider] = await loadProviders(db, [1]);
if (!provider) throw new Error('provider 1 is missing: seed first');

const passwordHash = await hashPassword('Bench!Password1');
const customerRows = await db
  .insert(users)
  .values(
    Array.from({ length: 100 }, (_v, i) => ({
      email: `bench${i}@example.com`,
      username: `bench${i}`,
      fullName: `Bench Customer ${i}`,
      passwordHash,
    })),
  )
  .returning({ id: users.id });
const sessionIds = customerRows.map(() => randomToken());
await db.insert(sessions).values(
  customerRows.map((c, i) => ({
    idHash: sha256(sessionIds[i]!),
    userId: c.id,
    expiresAt: new Date(now.getTime() + 86_400_000),
  })),
);

// Starts a customer may really book: the whole service fits before closing, and it is at least the
// minimum notice (2 hours by default) away. The booking window ends 14 days out.
const bookable = (start: string) => Date.parse(start) >= now.getTime() + 3 * 3_600_000;
const HOUR = 3_600_000;
// The contest is for overlapping times, not one identical start: the provider's longest service, at
// up to 5 hourly starts of one day that all overlap each other ((k - 1) hours < its length), so only
// one of the customers racing for them can win.
const longest = [...provider.services].sort(
  (a, b) => (b.durationMinutes ?? 60) - (a.durationMinutes ?? 60),
)[0];
const longMinutes = longest?.durationMinutes ?? 60;
const overlapping = Math.max(1, Math.min(5, Math.ceil(longMinutes / 60)));
const longDays = generateSlots({
  schedule: provider.schedule,
  from: torontoDate(now),
  days: 13,
  now,
  durationMinutes: longMinutes,
}).map((d) => d.slots.filter((s) => s.available && bookable(s.start)));
const contestDay = longDays.findLast((slots) => slots.length >= overlapping) ?? [];
const contestedStarts = contestDay.slice(0, overlapping).map((s) => s.start);
if (contestedStarts.length === 0) throw new Error('provider 1 has no free day for the contest');
const contestFrom = Date.parse(contestedStarts[0]!);
const contestTo = Date.parse(contestedStarts.at(-1)!) + longMinutes * 60_000;
// Book up to 100 of the other free hours, none inside the contested window.
const upcoming = generateSlots({
  schedule: provider.schedule,
  from: torontoDate(now),
  days: 13,
  now,
  durationMinutes: 60,
})
  .flatMap((d) => d.slots)
  .filter((s) => s.available && bookable(s.start))
  .filter((s) => Date.parse(s.start) + HOUR <= contestFrom || Date.parse(s.start) >= contestTo);
const futureStarts = upcoming.slice(0, 100).map((s) => new Date(s.start));
const pastStarts = Array.from({ length: 200 - futureStarts.length }, (_v, i) =>
  torontoInstant(addDaysToDate(torontoDate(now), -1 - Math.floor(i / 8)), (9 + (i % 8)) * 60),
);
const amounts = priceWithFee(10_000);
await db.insert(bookings).values(
  [...pastStarts, ...futureStarts].map((serviceDate, i) => ({
    reference: `TR-B${String(i).padStart(5, '0')}`,
    customerId: customerRows[i % 100]!.id,
    providerId: 1,
    serviceTitle: 'Benchmark booking',
    serviceDate,
    endsAt: new Date(serviceDate.getTime() + 3_600_000),
    customerName: 'Bench Customer',
    customerEmail: 'bench@example.com',
    ...amounts,
    status: serviceDate < now ? ('completed' as const) : ('confirmed' as const),
    paymentStatus: 'confirmed' as const,
  })),
);
await db.execute(sql`vacuum analyze bookings`);
// The uncontended holds scenario, modelled on real customers within the product's rules (at most one
// hold per provider and three across the site, 20 holds an account in 10 minutes): at each of 1,000
// providers (2 to 1,001), nine customers of its own each hold a start there, and three of them then
// change their mind for another start (a new hold that releases their first). So three holds in four
// are a customer's first at a provider (one statement, decision 008) and one in four replaces an
// earlier one (the transaction). No two of a provider's 12 starts overlap for its first service.
// Shuffled with a fixed seed, so that any stretch of the queue has the same mix.
const HOLDING_PROVIDERS = 1000;
const HOLDERS_EACH = 9;
/** At each provider: which of its customers holds which of its starts, in order (a change after a first). */
const HOLD_STEPS = [
  [0, 0],
  [1, 1],
  [2, 2],
  [0, 9],
  [3, 3],
  [4, 4],
  [5, 5],
  [1, 10],
  [6, 6],
  [7, 7],
  [8, 8],
  [2, 11],
] as const;
const HOLDERS = HOLDING_PROVIDERS * HOLDERS_EACH;
const HOLD_ORDER_SEED = 20261127;

/** `count` customers signed in (their session ids), named `${prefix}N`. */
async function signedInCustomers(prefix: string, count: number): Promise<string[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_v, i) => ({
        email: `${prefix}${i}@example.com`,
        username: `${prefix}${i}`,
        fullName: `Bench ${prefix} ${i}`,
        passwordHash,
      })),
    )
    .returning({ id: users.id });
  const ids = rows.map(() => randomToken());
  await db.insert(sessions).values(
    rows.map((c, i) => ({
      idHash: sha256(ids[i]!),
      userId: c.id,
      expiresAt: new Date(now.getTime() + 86_400_000),
    })),
  );
  return ids;
}

/** Up to `perProvider` bookable starts of each provider's first service that never overlap each other. */
async function startsOf(providerIds: number[], perProvider: number) {
  const list = await loadProviders(db, providerIds);
  return list.map((other) => {
    const minutes = other.services[0]?.durationMinutes ?? 60;
    const starts: string[] = [];
    for (const slot of generateSlots({
      schedule: other.schedule,
      from: torontoDate(now),
      days: 13,
      now,
      durationMinutes: minutes,
    })
      .flatMap((d) => d.slots)
      .filter((s) => s.available && bookable(s.start))) {
      const last = starts.at(-1);
      if (last && Date.parse(slot.start) < Date.parse(last) + minutes * 60_000) continue;
      starts.push(slot.start);
      if (starts.length === perProvider) break;
    }
    return { providerId: other.id, service: other.services[0]?.name ?? 'Basic', starts };
  });
}

const holderSessions = await signedInCustomers('holder', HOLDERS);
const startsByProvider = await startsOf(
  Array.from({ length: HOLDING_PROVIDERS }, (_v, i) => i + 2),
  HOLD_STEPS.length,
);
const ordered = [];
for (const [customer, k] of HOLD_STEPS) {
  for (const [p, { providerId, service, starts }] of startsByProvider.entries()) {
    const start = starts[k];
    // A change of mind only after the first hold it replaces.
    const first = k >= HOLDERS_EACH ? starts[customer] : start;
    if (start && first) ordered.push({ holder: p * HOLDERS_EACH + customer, providerId, start, service });
  }
}
// Shuffled (a fixed seed: every run the same queue), so that any stretch of it has the same mix; then
// each customer's two holds are put back in their order, the first one first, and their change of mind
// at least HOLD_GAP places after it (spacedByCustomer: never both in flight at once).
const random = seededRandom(HOLD_ORDER_SEED);
const shuffled = [...ordered];
for (let i = shuffled.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
}
const positions = new Map<number, number[]>();
for (const [i, h] of shuffled.entries()) positions.set(h.holder, [...(positions.get(h.holder) ?? []), i]);
for (const h of ordered) {
  // In `ordered`, a customer's first hold comes before their change: each takes the next place.
  const at = positions.get(h.holder)!;
  shuffled[at.shift()!] = h;
}
/** At 10 connections and a few hundred holds a second, 100 places are a few tenths of a second. */
const HOLD_GAP = 100;
const { queue: distinctHolds, moved: holdsMoved } = spacedByCustomer(shuffled, HOLD_GAP);
// The whole funnel (hold, card, payment, confirmation and its e-mail): 1,000 more customers, each
// paying once for a start of a provider of their own (providers 1,002 to 2,001).
const FUNNELS = 1000;
const funnelSessions = await signedInCustomers('payer', FUNNELS);
const funnels = (
  await startsOf(
    Array.from({ length: FUNNELS }, (_v, i) => i + 2 + HOLDING_PROVIDERS),
    1,
  )
).flatMap(({ providerId, service, starts }, payer) =>
  starts[0] ? [{ payer, providerId, start: starts[0], service }] : [],
);
const vocabulary = await catalogVocabulary(db);
await database.close();
writeFileSync(
  out,
  JSON.stringify({
    sessionIds,
    providerId: 1,
    contestedStarts,
    contestedService: longest?.name ?? 'Basic',
    holderSessions,
    distinctHolds,
    funnelSessions,
    funnels,
    vocabulary,
  }),
);
console.log(
  `Prepared 200 bookings for provider 1 and 100 signed-in customers; contested: ${longest?.name} ` +
    `(${longMinutes} min) at ${contestedStarts.join(', ')}. ${distinctHolds.length} holds of distinct ` +
    `times; ${holdsMoved} changes of mind moved to at least ${HOLD_GAP} places after the customer's first hold.`,
);
