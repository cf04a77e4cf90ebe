import { formatCents } from './money';
import { formatShortDate } from './dates';

/**
 * Promo codes (docs/product.md §7, DECISIONS 24): what a code takes off a service price and why a code
 * is refused. Pure rules: the server decides with them (counting uses under a lock), and the admin
 * screen describes codes with them.
 */

export const DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const PROMO_REFUSALS = [
  'promo.unknown',
  'promo.expired',
  'promo.not_applicable',
  'promo.limit_reached',
] as const;
export type PromoRefusalCode = (typeof PROMO_REFUSALS)[number];
export type PromoRefusal = { code: PromoRefusalCode; message: string };

/** Codes are letters, digits and dashes, 3 to 20 of them, kept upper case. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9-]{3,20}$/;
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

export type PromoTerms = {
  discountType: DiscountType | null;
  discountValue: number | null;
  minSpendCents: number;
  categoryIds: readonly number[];
  cities: readonly string[];
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  startDate: Date;
  endDate: Date;
  isActive: boolean;
};

/** `20% off`, `$15.00 off` (and what it needs), as the admin screen and the checkout say it. */
export function describeDiscount(
  terms: Pick<PromoTerms, 'discountType' | 'discountValue' | 'minSpendCents'>,
) {
  if (!terms.discountType || !terms.discountValue) return 'No discount';
  const off =
    terms.discountType === 'percent'
      ? `${terms.discountValue}% off`
      : `${formatCents(terms.discountValue)} off`;
  return terms.minSpendCents > 0 ? `${off} a service of ${formatCents(terms.minSpendCents)} or more` : off;
}

/** The discount on a service price: a percentage rounded half up to the cent, or a fixed amount, never more than the price. */
export function promoDiscountCents(
  terms: Pick<PromoTerms, 'discountType' | 'discountValue'>,
  servicePriceCents: number,
): number {
  if (!terms.discountType || !terms.discountValue) return 0;
  const off =
    terms.discountType === 'percent'
      ? Math.floor((servicePriceCents * terms.discountValue + 50) / 100)
      : terms.discountValue;
  return Math.max(0, Math.min(off, servicePriceCents));
}

export type PromoContext = {
  now: Date;
  servicePriceCents: number;
  categoryId: number;
  categoryName: string;
  citySlug: string;
  cityName: string;
  /** Uses that count against the limits (paid, or held for a payment): everyone's, and this customer's. */
  uses: number;
  customerUses: number;
};

/** Why the code cannot be used for this booking, or null when it can (then its discount is more than 0). */
export function promoRefusal(terms: PromoTerms, context: PromoContext): PromoRefusal | null {
  if (!terms.isActive || context.now.getTime() > terms.endDate.getTime())
    return { code: 'promo.expired', message: 'This promo code has expired.' };
  if (context.now.getTime() < terms.startDate.getTime())
    return {
      code: 'promo.expired',
      message: `This promo code is not valid yet: it starts on ${formatShortDate(terms.startDate)}.`,
    };
  if (terms.categoryIds.length > 0 && !terms.categoryIds.includes(context.categoryId))
    return {
      code: 'promo.not_applicable',
      message: `This promo code is not valid for ${context.categoryName}.`,
    };
  if (terms.cities.length > 0 && !terms.cities.includes(context.citySlug))
    return { code: 'promo.not_applicable', message: `This promo code is not valid in ${context.cityName}.` };
  if (context.servicePriceCents < terms.minSpendCents)
    return {
      code: 'promo.not_applicable',
      message: `This promo code needs a service of at least ${formatCents(terms.minSpendCents)}.`,
    };
  if (promoDiscountCents(terms, context.servicePriceCents) <= 0)
    return { code: 'promo.not_applicable', message: 'This promo code gives no discount on this service.' };
  if (terms.maxUses !== null && context.uses >= terms.maxUses)
    return { code: 'promo.limit_reached', message: 'This promo code has been fully redeemed.' };
  if (terms.maxUsesPerCustomer !== null && context.customerUses >= terms.maxUsesPerCustomer)
    return {
      code: 'promo.limit_reached',
      message:
        terms.maxUsesPerCustomer === 1
          ? 'You have already used this promo code.'
          : `You have already used this promo code ${terms.maxUsesPerCustomer} times.`,
    };
  return null;
}

export const UNKNOWN_PROMO: PromoRefusal = {
  code: 'promo.unknown',
  message: 'That promo code does not exist. Please check the spelling.',
};
