/**
 * Cancellation policies (docs/product.md §9): chosen by the partner, shown before paying, frozen on each
 * booking when it is paid. Refunds are of the whole amount paid, times the percentage, in cents.
 */

export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

const HOUR = 3_600_000;
/** A cancellation this soon after paying is a mis-tap: always refunded in full. */
export const GRACE_AFTER_PAYMENT_MS = 15 * 60_000;

/** Each policy's steps, latest first: cancelling at least `before` the start refunds `percent`. */
const STEPS: Record<CancellationPolicy, { before: number; percent: number }[]> = {
  flexible: [
    { before: 24 * HOUR, percent: 100 },
    { before: 0, percent: 50 },
  ],
  moderate: [
    { before: 48 * HOUR, percent: 100 },
    { before: 24 * HOUR, percent: 50 },
    { before: 0, percent: 0 },
  ],
  strict: [
    { before: 7 * 24 * HOUR, percent: 100 },
    { before: 48 * HOUR, percent: 50 },
    { before: 0, percent: 0 },
  ],
};

/** The policy in words, as the provider page, the payment dialog and the e-mails say it. */
export const POLICY_TEXT: Record<CancellationPolicy, { name: string; summary: string }> = {
  flexible: {
    name: 'Flexible',
    summary: 'Full refund until 24 hours before the start; 50% after that.',
  },
  moderate: {
    name: 'Moderate',
    summary: 'Full refund until 48 hours before the start; 50% until 24 hours before; no refund after.',
  },
  strict: {
    name: 'Strict',
    summary: 'Full refund until 7 days before the start; 50% until 48 hours before; no refund after.',
  },
};

export const ALWAYS_FULL_REFUND =
  'Always a full refund within 15 minutes of paying, when the professional or Trillium cancels, or when the professional does not show up.';

export type RefundQuote = {
  percent: number;
  /** The whole amount paid times the percentage, rounded half up to the cent. */
  amountCents: number;
  /** When the percentage drops next (ISO instant), or null when it will not drop again before the start. */
  dropsAt: string | null;
  /** Why: the policy's step, the grace after paying, or a cancellation not by the customer. */
  reason: 'policy' | 'grace' | 'not_customer';
};

/** `amount × percent / 100`, rounded half up to the cent. */
export function percentOf(amountCents: number, percent: number): number {
  return Math.floor((amountCents * percent + 50) / 100);
}

/**
 * What a cancellation now gives back. `by` the partner or an admin (or a partner no-show) is always a
 * full refund; so is a customer's within 15 minutes of paying. Otherwise the policy's step at `now`.
 */
export function refundQuote(input: {
  policy: CancellationPolicy;
  totalCents: number;
  startsAt: Date;
  paidAt: Date | null;
  now: Date;
  by: 'customer' | 'partner' | 'admin';
}): RefundQuote {
  const { policy, totalCents, startsAt, paidAt, now } = input;
  if (input.by !== 'customer')
    return { percent: 100, amountCents: totalCents, dropsAt: null, reason: 'not_customer' };
  const untilStart = startsAt.getTime() - now.getTime();
  const steps = STEPS[policy];
  const index = steps.findIndex((step) => untilStart >= step.before);
  const step = steps[index === -1 ? steps.length - 1 : index]!;
  const next = index === -1 ? undefined : steps[index + 1];
  const policyDrop = next ? new Date(startsAt.getTime() - step.before) : null;
  if (paidAt && now.getTime() < paidAt.getTime() + GRACE_AFTER_PAYMENT_MS && step.percent < 100) {
    const graceEnds = new Date(paidAt.getTime() + GRACE_AFTER_PAYMENT_MS);
    return { percent: 100, amountCents: totalCents, dropsAt: graceEnds.toISOString(), reason: 'grace' };
  }
  return {
    percent: step.percent,
    amountCents: percentOf(totalCents, step.percent),
    dropsAt: policyDrop && step.before > 0 ? policyDrop.toISOString() : null,
    reason: 'policy',
  };
}

/** Whether a cancellation now would be refunded in full (then a reschedule is allowed too). */
export function fullRefundNow(input: Omit<Parameters<typeof refundQuote>[0], 'by' | 'totalCents'>): boolean {
  return refundQuote({ ...input, totalCents: 100, by: 'customer' }).percent === 100;
}

/** How long before the start a policy's step is, as a count of hours or days (72 hours and up in days). */
const spellParts = (ms: number): { count: number; unit: 'hours' | 'days' } => {
  const hours = Math.round(ms / HOUR);
  return hours % 24 === 0 && hours >= 72
    ? { count: hours / 24, unit: 'days' }
    : { count: hours, unit: 'hours' };
};

/**
 * What cancelling now gives back, and why, as facts a sentence is made of in either language: the
 * grace after paying, a full refund not by the customer, or the policy's step (`side` of the step's
 * `count` `unit` before the start), with nothing back (`none`) or some.
 */
export type RefundPreviewParts =
  | { kind: 'grace' }
  | { kind: 'not_customer' }
  | { kind: 'none' | 'some'; side: 'more' | 'less'; count: number; unit: 'hours' | 'days' };

export function refundPreviewParts(
  policy: CancellationPolicy,
  quote: Pick<RefundQuote, 'percent' | 'reason'>,
): RefundPreviewParts {
  if (quote.reason === 'grace') return { kind: 'grace' };
  if (quote.reason === 'not_customer') return { kind: 'not_customer' };
  const steps = STEPS[policy];
  const index = steps.findIndex((step) => step.percent === quote.percent);
  const side = index <= 0 ? 'more' : 'less';
  const when = spellParts(index <= 0 ? steps[0]!.before : steps[index - 1]!.before);
  return { kind: quote.percent === 0 ? 'none' : 'some', side, ...when };
}

/**
 * What cancelling now gives back, and why, in one sentence for the customer: "You'll get $56.65 back
 * (50%) because it's less than 24 hours before the start." (The e-mails say it this way in English.)
 */
export function refundPreview(
  policy: CancellationPolicy,
  quote: Pick<RefundQuote, 'percent' | 'amountCents' | 'reason'>,
  formatMoney: (cents: number) => string,
): string {
  const parts = refundPreviewParts(policy, quote);
  if (parts.kind === 'grace')
    return `You'll get ${formatMoney(quote.amountCents)} back (100%) because you paid less than 15 minutes ago.`;
  if (parts.kind === 'not_customer') return `You'll get ${formatMoney(quote.amountCents)} back (100%).`;
  const why = `it's ${parts.side} than ${parts.count} ${parts.unit} before the start`;
  return parts.kind === 'none'
    ? `You won't get a refund because ${why} (${POLICY_TEXT[policy].name} policy).`
    : `You'll get ${formatMoney(quote.amountCents)} back (${quote.percent}%) because ${why}.`;
}
