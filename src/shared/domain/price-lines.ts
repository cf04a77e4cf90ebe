/**
 * What a booking costs, line by line, in integer cents (docs/product.md §7; DECISIONS 21-24): the
 * service, a promo code's discount, Trillium's 3% service fee, 13% Ontario HST on the fee, and 13% HST
 * on the service when the partner is HST-registered and the category is not exempt. Each line is
 * rounded half up to the cent on its own and the total is their sum. The same rules price a hold on the
 * server, the all-in prices of the catalog, and the split of a refund across the lines it gives back.
 */

export const LINE_KINDS = ['service', 'discount', 'service_fee', 'hst_service', 'hst_fee'] as const;
export type LineKind = (typeof LINE_KINDS)[number];
export type MoneyLine = { kind: LineKind; label: string; amount: number };

/** Trillium's service fee (DECISIONS 1) and Ontario's HST, as fractions. */
export const SERVICE_FEE_RATE = 0.03;
export const HST_RATE = 0.13;

const percentLabel = (rate: number) => `${Math.round(rate * 10_000) / 100}%`;

/** The words each line is printed with (payment dialog, booking, receipt). */
export function lineLabel(
  kind: LineKind,
  options: { promoCode?: string | null; feeRate?: number; hstRate?: number } = {},
): string {
  const feeRate = options.feeRate ?? SERVICE_FEE_RATE;
  const hstRate = options.hstRate ?? HST_RATE;
  switch (kind) {
    case 'service':
      return 'Service price';
    case 'discount':
      return options.promoCode ? `Promo code ${options.promoCode}` : 'Discount';
    case 'service_fee':
      return `Service fee (${percentLabel(feeRate)})`;
    case 'hst_service':
      return `HST on service (${percentLabel(hstRate)})`;
    case 'hst_fee':
      return `HST on service fee (${percentLabel(hstRate)})`;
  }
}

/** The catalog key of a line's words (`line.<key>` in the client's `ui` and the server's `email` catalogs). */
export type LineWordsKey = 'service' | 'promo' | 'discount' | 'fee' | 'hstService' | 'hstFee';

/**
 * A line's words as a catalog key and its values, to say it in the reader's language: from its kind,
 * and the rate or the promo code its stored English label carries (`Service fee (3%)` is `line.fee`
 * with rate 3). Null for a kind without words of its own (the stored label is printed).
 */
export function lineWords(line: { kind: string; label: string }): {
  key: LineWordsKey;
  values: Record<string, string>;
} | null {
  const rate = /\(([\d.]+)%\)/.exec(line.label)?.[1] ?? '';
  switch (line.kind) {
    case 'service':
      return { key: 'service', values: {} };
    case 'discount': {
      const code = /^Promo code (.+)$/.exec(line.label)?.[1];
      return code ? { key: 'promo', values: { code } } : { key: 'discount', values: {} };
    }
    case 'service_fee':
      return { key: 'fee', values: { rate } };
    case 'hst_service':
      return { key: 'hstService', values: { rate } };
    case 'hst_fee':
      return { key: 'hstFee', values: { rate } };
    default:
      return null;
  }
}

/** A rate in hundredths of a percent, so every product is exact integer arithmetic. */
const basisPoints = (rate: number) => Math.round(rate * 10_000);

/** `amount × rate`, rounded half up to the cent, for amounts of 0 or more. */
export function ratePart(amountCents: number, rate: number): number {
  return Math.floor((amountCents * basisPoints(rate) + 5_000) / 10_000);
}

export type PriceLinesInput = {
  servicePriceCents: number;
  feeRate?: number;
  hstRate?: number;
  /** The partner gave an HST registration number. */
  partnerHstRegistered: boolean;
  /** The category's services are exempt from HST (child care). */
  categoryExempt: boolean;
  /** A promo code's discount, in cents (0 or more); never more than the service price. */
  discountCents?: number;
  promoCode?: string | null;
};

/**
 * The lines of a price. The discount comes off the service price first, and the fee and both HST
 * lines are computed on the discounted price (HST is charged on what the customer actually pays).
 * Lines of nothing (no discount, no HST on the service) are left out.
 */
export function priceLines(input: PriceLinesInput): { lines: MoneyLine[]; totalCents: number } {
  const feeRate = input.feeRate ?? SERVICE_FEE_RATE;
  const hstRate = input.hstRate ?? HST_RATE;
  const service = input.servicePriceCents;
  if (!Number.isSafeInteger(service) || service < 0)
    throw new RangeError('servicePriceCents: cents of 0 or more');
  const discount = Math.min(Math.max(0, Math.trunc(input.discountCents ?? 0)), service);
  const net = service - discount;
  const fee = ratePart(net, feeRate);
  const taxService = input.partnerHstRegistered && !input.categoryExempt ? ratePart(net, hstRate) : 0;
  const taxFee = ratePart(fee, hstRate);
  const labels = { promoCode: input.promoCode, feeRate, hstRate };
  const lines: MoneyLine[] = [{ kind: 'service', label: lineLabel('service', labels), amount: service }];
  if (discount > 0) lines.push({ kind: 'discount', label: lineLabel('discount', labels), amount: -discount });
  lines.push({ kind: 'service_fee', label: lineLabel('service_fee', labels), amount: fee });
  if (taxService > 0)
    lines.push({ kind: 'hst_service', label: lineLabel('hst_service', labels), amount: taxService });
  lines.push({ kind: 'hst_fee', label: lineLabel('hst_fee', labels), amount: taxFee });
  return { lines, totalCents: sumLines(lines) };
}

export function sumLines(lines: readonly Pick<MoneyLine, 'amount'>[]): number {
  return lines.reduce((sum, line) => sum + line.amount, 0);
}

/** The amount of one kind of line (0 when absent). */
export function lineAmount(lines: readonly MoneyLine[], kind: LineKind): number {
  return lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.amount, 0);
}

/** The columns a booking keeps beside its lines: service price, discount, fee, taxes, total. */
export function lineTotals(lines: readonly MoneyLine[]) {
  return {
    priceCents: lineAmount(lines, 'service'),
    discountCents: -lineAmount(lines, 'discount'),
    feeCents: lineAmount(lines, 'service_fee'),
    taxCents: lineAmount(lines, 'hst_service') + lineAmount(lines, 'hst_fee'),
    totalCents: sumLines(lines),
  };
}

/**
 * The lines of a booking paid before lines were kept (service and fee, no HST): what it was charged,
 * so its refunds and receipt still add up.
 */
export function legacyLines(priceCents: number, feeCents: number): MoneyLine[] {
  return [
    { kind: 'service', label: lineLabel('service'), amount: priceCents },
    { kind: 'service_fee', label: lineLabel('service_fee'), amount: feeCents },
  ];
}

/** `lines` less what was already given back (kind by kind, same order). */
export function subtractLines(lines: readonly MoneyLine[], taken: readonly MoneyLine[][]): MoneyLine[] {
  return lines.map((line) => ({
    ...line,
    amount:
      line.amount -
      taken
        .flat()
        .filter((t) => t.kind === line.kind)
        .reduce((s, t) => s + t.amount, 0),
  }));
}

/** Per kind, what several sets of lines add up to (e.g. every refund of a booking), in `order`'s kinds. */
export function addLines(order: readonly MoneyLine[], sets: readonly MoneyLine[][]): MoneyLine[] {
  return order
    .map((line) => ({
      ...line,
      amount: sets
        .flat()
        .filter((t) => t.kind === line.kind)
        .reduce((s, t) => s + t.amount, 0),
    }))
    .filter((line) => line.amount !== 0);
}

/**
 * Splits a refund of `refundCents` across `lines` (what is left of a booking's lines) in proportion
 * to each, cent-exact: every line gets the floor of its share and the cents left over go to the lines
 * with the largest remainders (largest-remainder method; ties to the earlier line). The parts add up
 * to `refundCents` exactly, and no part is beyond its line (between 0 and the line's amount), so what
 * stays of a refunded booking adds up too.
 */
export function splitRefund(lines: readonly MoneyLine[], refundCents: number): MoneyLine[] {
  const total = sumLines(lines);
  if (!Number.isSafeInteger(refundCents) || refundCents < 0 || refundCents > total)
    throw new RangeError(`refund of ${refundCents} cents is not within 0 and ${total}`);
  if (total === 0 || refundCents === 0) return lines.map((line) => ({ ...line, amount: 0 }));
  const parts = lines.map((line, index) => {
    // Exact integers: |amount| and refundCents are at most 10^7, so the product stays below 2^53.
    const product = line.amount * refundCents;
    const floor = Math.floor(product / total);
    return { index, floor, remainder: product - floor * total };
  });
  let leftOver = refundCents - parts.reduce((sum, p) => sum + p.floor, 0);
  const byRemainder = [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const part of byRemainder) {
    if (leftOver === 0) break;
    if (part.remainder === 0) continue;
    part.floor += 1;
    leftOver -= 1;
  }
  return lines.map((line, index) => ({ ...line, amount: parts[index]!.floor }));
}

// All-in prices (DECISIONS 21): what a customer sees before checkout.

/** The hint beside every all-in price. */
export const ALL_IN_HINT = 'incl. service fee';
/** Added to the hint when HST is charged on the service too (a sales tax may be shown apart). */
export const PLUS_HST_HINT = 'plus HST';

/**
 * The all-in price of a service (docs/product.md §7): the service price with Trillium's service fee and
 * the fee's HST, i.e. the whole checkout total for a partner without an HST number. HST on the service
 * itself (registered partners) is a sales tax and is shown apart ("plus HST"). The figure grows
 * strictly with the service price, so sorting and filtering by it is sorting and filtering by the
 * service price (`serviceCentsRange`).
 */
export function allInCents(servicePriceCents: number): number {
  return plain(servicePriceCents).totalCents;
}

const plain = (servicePriceCents: number) =>
  priceLines({ servicePriceCents, partnerHstRegistered: false, categoryExempt: false });

/** Whether HST is charged on a provider's services (a registered partner, a category not exempt). */
export function chargesHstOnService(provider: { hstRegistered: boolean; categoryTaxExempt: boolean }) {
  return provider.hstRegistered && !provider.categoryTaxExempt;
}

/** The smallest service price (cents) whose all-in price is at least `cents`. */
function leastServiceCentsAtLeast(cents: number): number {
  let low = 0;
  let high = Math.max(0, cents);
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (allInCents(middle) >= cents) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * A filter on all-in prices (cents, both ends included) as the same filter on service prices: the
 * all-in price grows strictly with the service price, so `min <= allIn(p) <= max` exactly when
 * `from <= p <= to`. The catalog's price index on the service price then serves it unchanged.
 */
export function serviceCentsRange(allIn: { min?: number; max?: number }): { from?: number; to?: number } {
  return {
    from: allIn.min === undefined ? undefined : leastServiceCentsAtLeast(allIn.min),
    to: allIn.max === undefined ? undefined : leastServiceCentsAtLeast(allIn.max + 1) - 1,
  };
}
