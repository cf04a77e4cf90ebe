import type { User } from '../../../shared/contract/auth';
import type { Provider } from '../../../shared/contract/catalog';
import type { ValidatePromoCodeBody } from '../../../shared/contract/promotions';
import { cityLabel } from '../../../shared/domain/ontario';
import {
  normalizePromoCode,
  promoDiscountCents,
  promoRefusal,
  UNKNOWN_PROMO,
} from '../../../shared/domain/promo-codes';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import { priceHold, priceService } from '../bookings/bookings.pricing';
import { listLiveHolds } from '../bookings/bookings.repository';
import { catalogErrors } from '../catalog/catalog.errors';
import { loadProviders } from '../catalog/catalog.repository';
import { promotionErrors } from './promotions.errors';
import {
  countUses,
  findPromotionByCode,
  insertRedemption,
  moveRedemptions,
  type PromotionRow,
} from './promotions.repository';

/**
 * Promo codes at checkout (docs/product.md §7, DECISIONS 24). A code is checked against its dates, its
 * categories, cities and minimum spend, and its limits. A hold with a code takes one of its uses at
 * once, under the promotion's row lock, so two customers racing for the last use never both get it;
 * the use counts as made when the payment succeeds, goes back when the payment can no longer happen,
 * and comes back when the booking is cancelled with a full refund.
 */

type Checked = { promotion: PromotionRow; code: string; discountCents: number };

/** The code's discount on this provider's service for this customer, or the reason it is refused. */
async function check(
  db: Executor,
  input: {
    code: string;
    provider: Provider;
    servicePriceCents: number;
    customerId: number;
    now: Date;
    /** The customer's holds this one replaces: their uses do not count. */
    replacing: readonly number[];
    lock: boolean;
  },
): Promise<Checked> {
  const code = normalizePromoCode(input.code);
  const promotion = await findPromotionByCode(db, code, { forUpdate: input.lock });
  if (!promotion) throw promotionErrors.refused(UNKNOWN_PROMO);
  const counted = await countUses(db, {
    promotionId: promotion.id,
    customerId: input.customerId,
    exceptBookingIds: input.replacing,
  });
  const refusal = promoRefusal(
    {
      discountType: promotion.discountType,
      discountValue: promotion.discountValue,
      minSpendCents: promotion.minSpendCents,
      categoryIds: promotion.categoryIds,
      cities: promotion.cities,
      maxUses: promotion.maxUses,
      maxUsesPerCustomer: promotion.maxUsesPerCustomer,
      startDate: promotion.startDate,
      endDate: promotion.endDate,
      isActive: promotion.isActive,
    },
    {
      now: input.now,
      servicePriceCents: input.servicePriceCents,
      categoryId: input.provider.categoryId,
      categoryName: input.provider.category.name,
      citySlug: input.provider.citySlug,
      cityName: cityLabel(input.provider.city),
      uses: counted.uses,
      customerUses: counted.mine,
    },
  );
  if (refusal) throw promotionErrors.refused(refusal);
  return { promotion, code, discountCents: promoDiscountCents(promotion, input.servicePriceCents) };
}

/** POST /api/promo-codes/validate: what the code takes off this service, and the price it makes. */
export async function validatePromoCode(
  deps: { db: Executor; clock: Clock },
  user: User,
  body: ValidatePromoCodeBody,
) {
  const [provider] = await loadProviders(deps.db, [body.providerId]);
  if (!provider) throw catalogErrors.providerNotFound();
  const service = priceService(provider, { serviceId: body.serviceId, serviceTitle: body.serviceTitle });
  const now = deps.clock.now();
  const replacing = (await listLiveHolds(deps.db, user.id, now))
    .filter((h) => h.providerId === provider.id)
    .map((h) => h.id);
  const checked = await check(deps.db, {
    code: body.code,
    provider,
    servicePriceCents: service.priceCents,
    customerId: user.id,
    now,
    replacing,
    lock: false,
  });
  const priced = priceHold(provider, service, { cents: checked.discountCents, code: checked.code });
  return {
    code: checked.code,
    discountCents: checked.discountCents,
    title: checked.promotion.title,
    lines: priced.lines,
    totalCents: priced.totalCents,
  };
}

/**
 * In the hold's transaction: checks the code under the promotion's row lock (concurrent holds with the
 * same code wait their turn, and each counts the uses the ones before it took). Answers the discount;
 * `takeUse` then records the use for the booking, in the same transaction.
 */
export async function checkCodeForHold(
  tx: Executor,
  input: {
    code: string;
    provider: Provider;
    servicePriceCents: number;
    customerId: number;
    now: Date;
    replacing: readonly number[];
  },
) {
  const checked = await check(tx, { ...input, lock: true });
  return { promotionId: checked.promotion.id, code: checked.code, discountCents: checked.discountCents };
}

export async function takeUse(
  tx: Executor,
  input: { promotionId: number; bookingId: number; customerId: number; discountCents: number; now: Date },
) {
  await insertRedemption(tx, {
    promotionId: input.promotionId,
    bookingId: input.bookingId,
    customerId: input.customerId,
    discountCents: input.discountCents,
    status: 'held',
    createdAt: input.now,
    updatedAt: input.now,
  });
}

/** The payment succeeded: the use is made (also when its hold had been given up meanwhile: it was paid). */
export function codeUseMade(tx: Executor, bookingId: number, now: Date) {
  return moveRedemptions(tx, [bookingId], ['held', 'released'], 'used', now);
}

/** The payment can no longer happen (voided, a hold replaced or cancelled, a payment refunded at once). */
export function codeUseReleased(tx: Executor, bookingIds: readonly number[], now: Date) {
  return moveRedemptions(tx, bookingIds, ['held'], 'released', now);
}

/** The booking was cancelled with a full refund: the customer has the use back. */
export function codeUseReturned(tx: Executor, bookingId: number, now: Date) {
  return moveRedemptions(tx, [bookingId], ['used', 'held'], 'returned', now);
}
