import type { Provider } from '@shared/contract/catalog';
import { cityLabel } from '@shared/domain/ontario';
import { BadgeCheckIcon, MapPinIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LazySaveHeart } from '@/features/saved';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PriceHint } from '@/components/ui/price-hint';
import { RatingSummary } from '@/components/ui/rating-stars';
import { FALLBACK_IMAGE, swapToFallback } from '@/lib/images';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { usePriceUnit } from '@/lib/i18n/use-price-unit';
import { FrenchSpeakingBadge } from './french-speaking-badge';

const MAX_SERVICES = 3;

/** A listing card: image, name, rating out of 5, city, description, 3 services then +N more, Book Now. */
export function ProviderCard({ provider, eager = false }: { provider: Provider; eager?: boolean }) {
  const t = useT('catalog');
  const format = useFormat();
  const priceUnit = usePriceUnit();
  // "Standard Clean - $98.22" as the spec shows it, with the all-in price in the page's language.
  const offered = provider.services.map((service) => ({
    id: service.id,
    text: `${service.name} - ${format.dollars(service.allInPrice)}`,
  }));
  const shown = offered.slice(0, MAX_SERVICES);
  const more = offered.length - shown.length;
  return (
    <article className="flex flex-col overflow-hidden rounded-(--radius-card) border border-line bg-surface shadow-xs transition-shadow hover:shadow-md sm:flex-row">
      <div className="relative shrink-0 sm:w-64">
        <Link to={`/provider/${provider.id}`} className="relative block h-full bg-sand" tabIndex={-1}>
          <img
            src={provider.imageUrl ?? FALLBACK_IMAGE}
            alt={provider.name}
            width={640}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            className="aspect-[2/1] h-full w-full object-cover sm:aspect-[8/5]"
            onError={swapToFallback}
          />
          {provider.isFeatured ? (
            <Badge variant="featured" className="absolute top-2 left-2 shadow-sm">
              {t('card.featured')}
            </Badge>
          ) : null}
        </Link>
        <LazySaveHeart provider={provider} className="absolute top-2 right-2" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <h3 className="text-lg font-semibold text-ink">
            <Link
              to={`/provider/${provider.id}`}
              className="-my-2.5 inline-block py-2.5 hover:text-primary-700 hover:underline"
            >
              {provider.name}
            </Link>
          </h3>
          <p className="text-sm text-muted">
            {t('card.from')}{' '}
            <span className="font-semibold text-ink">{format.dollars(provider.allInPrice)}</span>
            {priceUnit(provider.priceUnit)} <PriceHint provider={provider} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <RatingSummary rating={provider.rating} reviewCount={provider.reviewCount} />
          <span className="flex items-center gap-1 text-muted">
            <MapPinIcon className="size-4" aria-hidden="true" />
            {cityLabel(provider.city)}
          </span>
          {provider.isVerified ? (
            <span className="flex items-center gap-1 text-primary-700">
              <BadgeCheckIcon className="size-4" aria-hidden="true" />
              {t('card.verified')}
            </span>
          ) : null}
          <FrenchSpeakingBadge serviceLanguages={provider.serviceLanguages} />
        </div>
        <p className="line-clamp-2 text-sm text-muted">{provider.description}</p>
        {shown.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('card.servicesOffered')}>
            {shown.map((service) => (
              <li
                key={service.id}
                className="rounded-full bg-primary-50 px-2.5 py-1 text-xs font-medium text-primary-800"
              >
                {service.text}
              </li>
            ))}
            {more > 0 ? (
              <li className="rounded-full bg-sand px-2.5 py-1 text-xs font-medium text-ink">
                {t('card.moreServices', { count: more })}
              </li>
            ) : null}
          </ul>
        ) : null}
        <div className="mt-auto flex justify-end pt-2">
          <Button asChild variant="primary" className="w-full sm:w-auto">
            <Link to={`/provider/${provider.id}`} aria-label={t('card.bookWith', { name: provider.name })}>
              {t('card.book')}
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}

export function ProviderCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex flex-col overflow-hidden rounded-(--radius-card) border border-line bg-surface sm:flex-row"
    >
      <div className="aspect-[2/1] shrink-0 animate-pulse bg-line/60 sm:aspect-auto sm:w-64" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="h-6 w-1/2 animate-pulse rounded-md bg-line/60" />
        <div className="h-4 w-2/3 animate-pulse rounded-md bg-line/60" />
        <div className="h-4 w-full animate-pulse rounded-md bg-line/60" />
        <div className="flex gap-2">
          <div className="h-6 w-28 animate-pulse rounded-full bg-line/60" />
          <div className="h-6 w-24 animate-pulse rounded-full bg-line/60" />
          <div className="h-6 w-20 animate-pulse rounded-full bg-line/60" />
        </div>
        <div className="mt-auto h-11 w-full animate-pulse self-end rounded-lg bg-line/60 sm:w-28" />
      </div>
    </div>
  );
}
