import { localizedScheduleSummary } from '@shared/i18n/schedule-summary';
import { cityLabel } from '@shared/domain/ontario';
import { BadgeCheckIcon, CalendarClockIcon, MapPinIcon, TagIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { PageMeta } from '@/components/layout/page-meta';
import { StructuredData } from '@/components/layout/structured-data';
import { serviceStructuredData } from '@/features/catalog/lib/structured-data';
import { Button } from '@/components/ui/button';
import { PriceHint } from '@/components/ui/price-hint';
import { RatingSummary } from '@/components/ui/rating-stars';
import { placeOf } from '@/features/catalog/lib/place';
import { useProvider } from '@/features/catalog/api/get-provider';
import { BookServicePanel } from '@/features/catalog/components/book-service-panel';
import { FrenchSpeakingBadge } from '@/features/catalog/components/french-speaking-badge';
import { CancellationPolicyNotice } from '@/features/catalog/components/cancellation-policy-notice';
import { FALLBACK_IMAGE, swapToFallback } from '@/lib/images';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';
import { usePriceUnit } from '@/lib/i18n/use-price-unit';

function InfoBlock({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="rounded-(--radius-card) border border-line bg-surface p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
        <span className="text-primary-700">{icon}</span>
        {title}
      </h2>
      <div className="mt-2 text-ink">{children}</div>
    </section>
  );
}

/** A provider's service, presented for booking. */
export function ServicePage() {
  const t = useT('listing');
  const tc = useT('catalog');
  const format = useFormat();
  const categoryName = useCategoryName();
  const priceUnit = usePriceUnit();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const provider = useProvider(id);

  if (!valid || provider.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <PageMeta title={t('service.notFound')} description={t('service.notFoundDescription')} />
        <h1 className="text-2xl font-bold text-ink">{t('service.notFound')}</h1>
        <Button asChild className="mt-6">
          <Link to="/services">{t('service.backToServices')}</Link>
        </Button>
      </div>
    );
  }
  if (provider.isPending) {
    return (
      <p role="status" className="mx-auto max-w-5xl px-4 py-16 text-center text-muted">
        {t('listing.loading')}
      </p>
    );
  }
  const p = provider.data;
  const city = cityLabel(p.city);
  const category = categoryName(p.category.slug, p.category.name);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 lg:px-6">
      <PageMeta title={t('service.metaTitle', { category, name: p.name })} description={p.description} />
      <StructuredData data={serviceStructuredData(p, `/service/${p.id}`)} />
      <Breadcrumbs
        items={[
          { label: t('listing.crumbHome'), to: '/' },
          { label: t('listing.crumbServices'), to: '/services' },
          { label: p.name, to: `/provider/${p.id}` },
          { label: t('service.crumb') },
        ]}
      />
      <div className="relative mt-2 overflow-hidden rounded-3xl bg-sand">
        <img
          src={p.imageUrl ?? FALLBACK_IMAGE}
          alt={p.name}
          width={640}
          height={400}
          className="aspect-[8/5] w-full object-cover sm:aspect-[3/1] lg:aspect-[7/2]"
          onError={swapToFallback}
        />
      </div>
      <div className="mt-6">
        <p className="text-sm font-semibold text-primary-700">{category}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink">{p.name}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <RatingSummary rating={p.rating} reviewCount={p.reviewCount} long />
          <span className="flex items-center gap-1 text-muted">
            <MapPinIcon className="size-4" aria-hidden="true" />
            {placeOf(p)}
          </span>
          {p.isVerified ? (
            <span className="flex items-center gap-1 text-primary-700">
              <BadgeCheckIcon className="size-4" aria-hidden="true" />
              {tc('card.verified')}
            </span>
          ) : null}
          <FrenchSpeakingBadge serviceLanguages={p.serviceLanguages} />
        </p>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="order-2 grid content-start gap-4 lg:order-1">
          <InfoBlock
            icon={<BadgeCheckIcon className="size-5" aria-hidden="true" />}
            title={t('service.about')}
          >
            <p>{p.description}</p>
          </InfoBlock>
          <div className="grid gap-4 sm:grid-cols-2">
            <InfoBlock
              icon={<CalendarClockIcon className="size-5" aria-hidden="true" />}
              title={t('service.availability')}
            >
              <p>
                {format.locale === 'en'
                  ? p.availabilityText
                  : localizedScheduleSummary(p.schedule, format.locale)}
              </p>
              <p className="mt-1 text-sm text-muted">{t('service.timesInEt')}</p>
            </InfoBlock>
            <InfoBlock icon={<TagIcon className="size-5" aria-hidden="true" />} title={t('service.pricing')}>
              <p className="text-xl font-bold">
                {format.dollars(p.allInPrice)}
                {priceUnit(p.priceUnit)}
              </p>
              <p className="mt-1 text-sm text-muted">
                {t('service.startingPrice')} <PriceHint provider={p} className="" />, {t('service.inCad')}
              </p>
            </InfoBlock>
          </div>
          <CancellationPolicyNotice policy={p.cancellationPolicy} minimumNoticeHours={p.minimumNoticeHours} />
          <InfoBlock icon={<MapPinIcon className="size-5" aria-hidden="true" />} title={t('service.areas')}>
            <p>
              {t('service.areasText', {
                place: p.location || city,
                name: p.name,
                city,
                province: p.province === 'ON' ? 'Ontario' : p.province,
              })}
            </p>
          </InfoBlock>
        </div>
        <div className="order-1 lg:order-2">
          <BookServicePanel provider={p} />
        </div>
      </div>
    </div>
  );
}
