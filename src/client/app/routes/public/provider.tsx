import { cityLabel } from '@shared/domain/ontario';
import { localizedScheduleSummary } from '@shared/i18n/schedule-summary';
import { ArrowRightIcon, BadgeCheckIcon, CalendarClockIcon, MapPinIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { PageMeta } from '@/components/layout/page-meta';
import { StructuredData } from '@/components/layout/structured-data';
import { providerStructuredData } from '@/features/catalog/lib/structured-data';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PriceHint } from '@/components/ui/price-hint';
import { RatingSummary } from '@/components/ui/rating-stars';
import { placeOf } from '@/features/catalog/lib/place';
import { useProvider } from '@/features/catalog/api/get-provider';
import { CancellationPolicyNotice } from '@/features/catalog/components/cancellation-policy-notice';
import { ProviderDetailSkeleton } from '@/features/catalog/components/provider-detail-skeleton';
import { ProviderNotFound } from '@/features/catalog/components/provider-not-found';
import { ProviderServices } from '@/features/catalog/components/provider-services';
import { FrenchSpeakingBadge } from '@/features/catalog/components/french-speaking-badge';
import { ProviderReviews } from '@/features/reviews';
import { FALLBACK_IMAGE, swapToFallback } from '@/lib/images';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';
import { usePriceUnit } from '@/lib/i18n/use-price-unit';

export function ProviderPage() {
  const t = useT('listing');
  const tc = useT('catalog');
  const format = useFormat();
  const categoryName = useCategoryName();
  const priceUnit = usePriceUnit();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const provider = useProvider(id);

  if (!valid || provider.isError) return <ProviderNotFound />;
  if (provider.isPending) return <ProviderDetailSkeleton />;
  const p = provider.data;

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 lg:px-6">
      <PageMeta
        title={t('provider.metaTitle', { name: p.name, city: cityLabel(p.city) })}
        description={p.description}
      />
      <StructuredData data={providerStructuredData(p, `/provider/${p.id}`)} />
      <Breadcrumbs
        items={[
          { label: t('listing.crumbHome'), to: '/' },
          { label: t('listing.crumbServices'), to: '/services' },
          { label: categoryName(p.category.slug, p.category.name), to: `/services/${p.category.slug}` },
          { label: p.name },
        ]}
      />
      <section className="mt-2 grid gap-6 overflow-hidden rounded-(--radius-card) border border-line bg-surface shadow-xs md:grid-cols-[2fr_3fr]">
        <img
          src={p.imageUrl ?? FALLBACK_IMAGE}
          alt={p.name}
          width={640}
          height={400}
          className="aspect-[8/5] h-full w-full bg-sand object-cover"
          onError={swapToFallback}
        />
        <div className="flex flex-col gap-3 p-5 md:pl-0">
          <div className="flex flex-wrap gap-2">
            {p.isVerified ? (
              <Badge variant="verified">
                <BadgeCheckIcon aria-hidden="true" />
                {tc('card.verified')}
              </Badge>
            ) : null}
            {p.isFeatured ? <Badge variant="featured">{tc('card.featured')}</Badge> : null}
            <FrenchSpeakingBadge serviceLanguages={p.serviceLanguages} />
            <Badge>{categoryName(p.category.slug, p.category.name)}</Badge>
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{p.name}</h1>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <RatingSummary rating={p.rating} reviewCount={p.reviewCount} long />
          </p>
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <MapPinIcon className="size-4" aria-hidden="true" />
            {placeOf(p)}
          </p>
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <CalendarClockIcon className="size-4" aria-hidden="true" />
            {format.locale === 'en'
              ? p.availabilityText
              : localizedScheduleSummary(p.schedule, format.locale)}
          </p>
          <p className="text-ink">{p.description}</p>
          <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
            <p className="text-sm text-muted">
              {tc('card.from')}{' '}
              <span className="text-lg font-bold text-ink">{format.dollars(p.allInPrice)}</span>
              {priceUnit(p.priceUnit)} <PriceHint provider={p} />
            </p>
            <Button asChild variant="outline">
              <Link to={`/service/${p.id}`}>
                {t('provider.viewDetails')}
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <div className="mt-6">
        <CancellationPolicyNotice policy={p.cancellationPolicy} minimumNoticeHours={p.minimumNoticeHours} />
      </div>

      <section aria-labelledby="services-offered" className="mt-10">
        <h2 id="services-offered" className="mb-4 text-xl font-bold text-ink">
          {t('provider.servicesOffered')}
        </h2>
        <ProviderServices provider={p} />
      </section>

      <section aria-labelledby="reviews" className="mt-10">
        <h2 id="reviews" className="mb-4 text-xl font-bold text-ink">
          {t('provider.reviews')} <span className="font-medium text-muted">({p.reviewCount})</span>
        </h2>
        <ProviderReviews provider={p} />
      </section>
    </div>
  );
}
