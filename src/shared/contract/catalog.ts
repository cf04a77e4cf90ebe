import { CANCELLATION_POLICIES } from '../domain/cancellation-policy';
import { z } from 'zod';
import { DELIVERY_PLACES } from '../domain/delivery';
import { SORT_OPTIONS, type SortOption } from '../domain/sorting';
import { serviceLanguagesSchema } from './service-languages';
import { ratingHistogramSchema } from './reviews';

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoriesResponseSchema = z.array(categorySchema);

export const providerServiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Dollars, two decimals at most. */
  price: z.number(),
  description: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  /** Where it happens: at the customer's address or at the provider's place. */
  deliveredAt: z.enum(DELIVERY_PLACES),
});
export type ProviderService = z.infer<typeof providerServiceSchema>;

/** A service as the catalog shows it: with its all-in price (docs/product.md §7). */
export const catalogServiceSchema = providerServiceSchema.extend({
  /** Dollars: the price with Trillium's service fee and its HST, what the customer pays (HST on the service aside). */
  allInPrice: z.number(),
});
export type CatalogService = z.infer<typeof catalogServiceSchema>;

export const scheduleDaySchema = z.object({
  day: z.number().int().min(0).max(6),
  opensAt: z.string(),
  closesAt: z.string(),
});

export const providerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  isFeatured: z.boolean(),
  isVerified: z.boolean(),
  /** Average of the reviews to one decimal, null before the first review. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  city: z.string(),
  citySlug: z.string(),
  province: z.string(),
  location: z.string(),
  /** The business's street address, when the provider gave one. */
  streetAddress: z.string().nullable(),
  /** Where the provider's Basic / Premium / Deluxe tiers happen (providers without services). */
  deliveredAt: z.enum(DELIVERY_PLACES),
  categoryId: z.number().int(),
  category: categorySchema,
  /** Starting price in dollars: the cheapest service's price, before the service fee. */
  price: z.number(),
  /**
   * The starting price every customer sees before checkout, in dollars: with the service fee and its HST
   * (DECISIONS 21). Sorting and price filters use this figure.
   */
  allInPrice: z.number(),
  priceUnit: z.string(),
  /** `Deep Cleaning - $123.72` entries (all-in prices), as the cards show them. */
  servicesOffered: z.array(z.string()),
  services: z.array(catalogServiceSchema),
  schedule: z.array(scheduleDaySchema),
  availabilityText: z.string(),
  timeZone: z.string(),
  /** The cancellation policy new bookings get (docs/product.md §9), shown before paying. */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  /** No start sooner than this many hours from now is offered or accepted. */
  minimumNoticeHours: z.number().int(),
  /** The partner is HST-registered: 13% HST on the service price, unless the category is exempt (§7). */
  hstRegistered: z.boolean(),
  /** The category's services carry no HST (child care). */
  categoryTaxExempt: z.boolean(),
  /** The languages the provider serves in (`['en']`, `['fr']`, `['en', 'fr']`): French gets the badge. */
  serviceLanguages: serviceLanguagesSchema,
});
export type Provider = z.infer<typeof providerSchema>;
export const providersResponseSchema = z.array(providerSchema);

/** GET /api/providers/:id: the provider and how its visible reviews spread over the stars. */
export const providerDetailSchema = providerSchema.extend({ ratingHistogram: ratingHistogramSchema });
export type ProviderDetail = z.infer<typeof providerDetailSchema>;

export { SORT_LABELS, SORT_OPTIONS, type SortOption } from '../domain/sorting';

const slugParam = (name: string) =>
  z
    .string({ message: `${name} must be a single text value` })
    .trim()
    .max(80, `${name} is too long`)
    .regex(/^[a-z0-9-]*$/, `${name} must be a slug such as "toronto"`)
    .optional();

const dollarsParam = (name: string) =>
  z
    .string({ message: `${name} must be a single number` })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, `${name} must be a number of dollars of 0 or more`)
    .transform(Number)
    .optional();

const wholeParam = (name: string, max: number) =>
  z
    .string({ message: `${name} must be a single whole number` })
    .trim()
    .regex(/^\d{1,9}$/, `${name} must be a whole number of 0 or more`)
    .transform(Number)
    .refine((n) => n <= max, `${name} must be at most ${max}`)
    .optional();

export const PROVIDERS_DEFAULT_LIMIT = 50;
export const PROVIDERS_MAX_LIMIT = 100;

/** GET /api/providers query: every value arrives as text and is checked here. */
export const providersQuerySchema = z
  .object({
    q: z
      .string({ message: 'q must be a single text value' })
      .max(200, 'q must be at most 200 characters')
      .optional(),
    location: slugParam('location'),
    category: slugParam('category'),
    sort: z
      .string({ message: 'sort must be a single value' })
      .refine((s): s is SortOption => (SORT_OPTIONS as readonly string[]).includes(s), {
        message: `sort must be one of ${SORT_OPTIONS.join(', ')}`,
      })
      .optional(),
    /** All-in prices (with the service fee), as the cards show them. */
    minPrice: dollarsParam('minPrice'),
    maxPrice: dollarsParam('maxPrice'),
    featured: z.enum(['true', 'false'], { message: 'featured must be true or false' }).optional(),
    /** `fr`: only providers who serve in French (the French-speaking filter). */
    lang: z.enum(['fr'], { message: 'lang must be fr' }).optional(),
    limit: wholeParam('limit', PROVIDERS_MAX_LIMIT).refine(
      (n) => n === undefined || n >= 1,
      'limit must be at least 1',
    ),
    offset: wholeParam('offset', 1_000_000),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice must not be greater than maxPrice',
    path: ['minPrice'],
  });
export type ProvidersQueryInput = z.input<typeof providersQuerySchema>;
export type ProvidersQuery = z.output<typeof providersQuerySchema>;

export const serviceNamesResponseSchema = z.array(z.string());
