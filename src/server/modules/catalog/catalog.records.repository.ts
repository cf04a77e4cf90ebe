import { sql } from 'drizzle-orm';
import type { DeliveryPlace } from '../../../shared/domain/delivery';
import type { Provider } from '../../../shared/contract/catalog';
import { formatCents } from '../../../shared/domain/money';
import { allInCents } from '../../../shared/domain/price-lines';
import type { CancellationPolicy } from '../../../shared/domain/cancellation-policy';
import type { ServiceLanguage } from '../../../shared/domain/service-languages';
import { minutesToTime, scheduleSummary } from '../../../shared/domain/schedule';

/** A provider as one JSON object built by the database (aliases: `p` providers, `c` categories). */
export type ProviderRecord = {
  id: number;
  name: string;
  description: string;
  imageUrl: string | null;
  isFeatured: boolean;
  isVerified: boolean;
  rating: number | string | null;
  reviewCount: number;
  city: string;
  citySlug: string;
  province: string;
  location: string;
  categoryId: number;
  categoryName: string;
  categorySlug: string;
  priceCents: number;
  priceUnit: string;
  timeZone: string;
  services: {
    id: number;
    name: string;
    priceCents: number;
    description: string | null;
    durationMinutes: number | null;
    deliveredAt: DeliveryPlace;
  }[];
  streetAddress: string | null;
  categoryDeliveredAt: DeliveryPlace;
  cancellationPolicy: CancellationPolicy;
  minimumNoticeHours: number;
  hstNumber: string | null;
  categoryTaxExempt: boolean;
  serviceLanguages: ServiceLanguage[];
  /** [weekday, opens at minute, closes at minute] */
  schedule: [number, number, number][];
};

export const providerJson = sql`json_build_object(
  'id', p.id, 'name', p.name, 'description', p.description, 'imageUrl', p.image_url,
  'isFeatured', p.is_featured, 'isVerified', p.is_verified, 'rating', p.rating, 'reviewCount', p.review_count,
  'city', p.city, 'citySlug', p.city_slug, 'province', p.province, 'location', p.location,
  'streetAddress', p.street_address, 'categoryDeliveredAt', c.default_delivered_at,
  'categoryId', p.category_id, 'categoryName', c.name, 'categorySlug', c.slug,
  'priceCents', p.price_cents, 'priceUnit', p.price_unit, 'timeZone', p.time_zone,
  'cancellationPolicy', p.cancellation_policy, 'minimumNoticeHours', p.minimum_notice_hours,
  'hstNumber', p.hst_number, 'categoryTaxExempt', c.tax_exempt, 'serviceLanguages', p.service_languages,
  'services', coalesce((
    select json_agg(json_build_object('id', s.id, 'name', s.name, 'priceCents', s.price_cents,
      'description', s.description, 'durationMinutes', s.duration_minutes, 'deliveredAt', s.delivered_at)
      order by s.sort_order, s.id)
    from provider_services s where s.provider_id = p.id), '[]'::json),
  'schedule', coalesce((
    select json_agg(json_build_array(h.weekday, h.opens_at_minute, h.closes_at_minute) order by h.weekday)
    from provider_schedules h where h.provider_id = p.id), '[]'::json)
)`;

export function toProvider(record: ProviderRecord): Provider {
  const schedule = record.schedule.map(([day, opens, closes]) => ({
    day,
    opensAt: minutesToTime(opens),
    closesAt: minutesToTime(closes),
  }));
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    imageUrl: record.imageUrl,
    isFeatured: record.isFeatured,
    isVerified: record.isVerified,
    rating: record.rating === null ? null : Number(record.rating),
    reviewCount: record.reviewCount,
    city: record.city,
    citySlug: record.citySlug,
    province: record.province,
    location: record.location,
    streetAddress: record.streetAddress,
    deliveredAt: record.categoryDeliveredAt,
    categoryId: record.categoryId,
    category: { id: record.categoryId, name: record.categoryName, slug: record.categorySlug },
    price: record.priceCents / 100,
    allInPrice: allInCents(record.priceCents) / 100,
    priceUnit: record.priceUnit,
    // Every price a customer sees before checkout includes the service fee (docs/product.md §7).
    servicesOffered: record.services.map((s) => `${s.name} - ${formatCents(allInCents(s.priceCents))}`),
    services: record.services.map((s) => ({
      id: s.id,
      name: s.name,
      price: s.priceCents / 100,
      allInPrice: allInCents(s.priceCents) / 100,
      description: s.description,
      durationMinutes: s.durationMinutes,
      deliveredAt: s.deliveredAt,
    })),
    schedule,
    availabilityText: scheduleSummary(schedule),
    timeZone: record.timeZone,
    cancellationPolicy: record.cancellationPolicy,
    minimumNoticeHours: record.minimumNoticeHours,
    hstRegistered: record.hstNumber !== null,
    categoryTaxExempt: record.categoryTaxExempt,
    serviceLanguages: record.serviceLanguages,
  };
}
