import { dollarsToCents, priceWithFee } from '@shared/domain/money';

/** Cents of a shown price such as `$1,120.00`, or null when it is not a price. */
export function parsePriceText(price: string): number | null {
  const cleaned = price.replace(/[^\d.]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return dollarsToCents(Number(cleaned));
}

/** The total the bottom bar shows before paying: price plus the 3% fee (the server's answer is final). */
export function estimatedTotalCents(price: string): number | null {
  const cents = parsePriceText(price);
  return cents === null ? null : priceWithFee(cents).totalCents;
}
