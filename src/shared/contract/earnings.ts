import { z } from 'zod';
import { addressSchema } from './address';
import { decimalNumber, isoDateTime } from './common';

/** A partner's earnings and payouts, and the admins' payouts and ledger (docs/product.md §17). */

export const EARNING_STATES = ['pending', 'available', 'paid', 'reversed'] as const;
export const PAYOUT_STATES = ['pending', 'paid', 'failed'] as const;

const cents = z.number().int();

export const earningBookingSchema = z.object({
  bookingId: z.number().int(),
  reference: z.string(),
  serviceTitle: z.string(),
  serviceDate: isoDateTime,
  /** What the booking brought in: the customer's payment plus a promo discount Trillium paid for. */
  grossCents: cents,
  /** Trillium's service fee. */
  feeCents: cents,
  /** HST on the service fee (Trillium remits it). The HST on a registered partner's service stays in net. */
  hstCents: cents,
  /** HST on the service (registered partners), included in net: the partner remits it. */
  serviceHstCents: cents,
  /** The partner's part of the refunds. */
  refundedCents: cents,
  /** What the booking earns the partner: gross less fee, HST on the fee and refunds. */
  netCents: cents,
  state: z.enum(EARNING_STATES),
  availableAt: isoDateTime.nullable(),
  /** The payout (not failed) that covers it, if any. */
  payoutId: z.number().int().nullable(),
});
export type EarningBooking = z.infer<typeof earningBookingSchema>;

export const partnerEarningsSchema = z.object({
  currency: z.literal('CAD'),
  availableCents: cents,
  pendingCents: cents,
  paidCents: cents,
  nextPayoutDate: isoDateTime,
  minimumPayoutCents: cents,
  bookings: z.array(earningBookingSchema),
});
export type PartnerEarnings = z.infer<typeof partnerEarningsSchema>;

export const payoutSchema = z.object({
  id: z.number().int(),
  amountCents: cents,
  state: z.enum(PAYOUT_STATES),
  createdAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  failureReason: z.string().nullable(),
  bookingIds: z.array(z.number().int()),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutListSchema = z.array(payoutSchema);

export const adminPayoutSchema = payoutSchema.extend({
  providerId: z.number().int(),
  providerName: z.string(),
  processor: z.enum(['sandbox', 'stripe']),
  attempt: z.number().int(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const adminPayoutListSchema = z.array(adminPayoutSchema);

export const adminPayoutsQuerySchema = z.object({
  state: z.enum(PAYOUT_STATES).optional(),
});

export const payoutRunSchema = z.object({
  /** Payouts made by this run (0 when everything available was already paid). */
  created: z.number().int(),
  paid: z.number().int(),
  failed: z.number().int(),
  totalCents: cents,
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;

export const ledgerCheckSchema = z.object({
  balanced: z.boolean(),
  bookingsChecked: z.number().int(),
  unbalanced: z.array(z.number().int()),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

/** Trillium's income per month (Toronto calendar months): fees, HST on them, promotions paid, payouts sent. */
export const platformIncomeSchema = z.array(
  z.object({
    month: z.string().describe('YYYY-MM'),
    feeCents: cents,
    hstCents: cents,
    promotionsCents: cents,
    payoutsCents: cents,
  }),
);
export type PlatformIncome = z.infer<typeof platformIncomeSchema>;

/** A calendar day that exists (`2026-02-30` does not). */
const isRealDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};
/**
 * A day of a CSV range. Bounded so that every day and the day after it are instants the server can
 * compute (the year 0001 read as 1901, the day after 9999-12-31 was no date and a 500).
 */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-30.')
  .refine(isRealDay, 'Use a real date like 2026-11-30.')
  .refine((d) => d >= '2000-01-01' && d <= '2999-12-31', 'Use a date between 2000-01-01 and 2999-12-31.');

/** A date range (Toronto calendar days, both included) for a CSV export; both ends optional. */
export const csvRangeQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to.',
    path: ['from'],
  });
export type CsvRange = z.infer<typeof csvRangeQuerySchema>;

/** How the partner is paid: the sandbox (nothing to set up) or their Stripe Connect account's state. */
export const payoutAccountSchema = z.object({
  processor: z.enum(['sandbox', 'stripe']),
  state: z.enum(['not_started', 'details_needed', 'enabled']),
  /** Stripe could not pay the account out to the bank the last time (until a payout succeeds). */
  lastPayoutFailure: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const onboardingLinkSchema = z.object({ url: z.string() });

/**
 * Nine digits in a row, or in groups of three (`046 454 286`, `046-454-286`): how a social insurance
 * number is written. No name or address has one (numbered companies have 7 digits), so text holding one
 * is refused rather than stored: Trillium never keeps a SIN (the business number field is the only
 * place nine digits belong).
 */
const SIN_LIKE = /(?<!\d)\d{3}[ -]?\d{3}[ -]?\d{3}(?!\d)/;
const noSin = (text: string | null | undefined) => !text || !SIN_LIKE.test(text);

/**
 * What CRA platform reporting (Part XX of the Income Tax Act) needs of a seller: the legal name (the
 * business's, or the person's: never a SIN), the 9-digit business number when there is one, and the
 * address. Partners enter it on the Earnings tab; admins export the annual seller report.
 */
export const sellerTaxDetailsBodySchema = z.object({
  legalName: z
    .string({ message: 'Legal name is required' })
    .trim()
    .min(2, 'Legal name is required')
    .max(200, 'Legal name is too long')
    .refine(noSin, 'Do not enter a social insurance number: Trillium never asks for one'),
  businessNumber: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => v === '' || /^\d{9}$/.test(v), 'The business number has 9 digits')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  address: addressSchema.superRefine((address, ctx) => {
    for (const key of ['street', 'unit', 'city'] as const)
      if (!noSin(address[key]))
        ctx.addIssue({
          code: 'custom',
          message: 'Do not enter a social insurance number: Trillium never asks for one',
          path: [key],
        });
  }),
});
export type SellerTaxDetailsBody = z.input<typeof sellerTaxDetailsBodySchema>;

export const sellerTaxDetailsSchema = z.object({
  legalName: z.string(),
  businessNumber: z.string().nullable(),
  address: z.object({
    street: z.string(),
    unit: z.string().nullable(),
    city: z.string(),
    province: z.string(),
    postalCode: z.string(),
  }),
  updatedAt: isoDateTime,
});
export type SellerTaxDetails = z.infer<typeof sellerTaxDetailsSchema>;
/** The partner's details, or null before they gave them. */
export const sellerTaxDetailsAnswerSchema = sellerTaxDetailsSchema.nullable();

export const sellerReportQuerySchema = z.object({
  year: decimalNumber(
    z
      .number({ message: 'year must be a year like 2026' })
      .int('year must be a year like 2026')
      .min(2020, 'year must be 2020 or later')
      .max(2100, 'year must be a year like 2026'),
  ),
});
