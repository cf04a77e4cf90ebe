import type { Provider } from '@shared/contract/catalog';
import { cityLabel } from '@shared/domain/ontario';
import { MapPinIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { PriceHint } from '@/components/ui/price-hint';
import { RatingSummary } from '@/components/ui/rating-stars';
import { Button } from '@/components/ui/button';
import { FALLBACK_IMAGE, swapToFallback } from '@/lib/images';
import { SaveHeartButton } from './save-heart-button';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';
import { usePriceUnit } from '@/lib/i18n/use-price-unit';

/** A saved provider: image, badge, place, description, rating, price, the heart and View Details. */
export function SavedServiceCard({ provider }: { provider: Provider }) {
  const t = useT('saved');
  const format = useFormat();
  const categoryName = useCategoryName();
  const priceUnit = usePriceUnit();
  return (
    <article className="flex flex-col overflow-hidden rounded-(--radius-card) border border-line bg-surface shadow-xs">
      <div className="relative">
        <img
          src={provider.imageUrl ?? FALLBACK_IMAGE}
          alt={provider.name}
          width={640}
          height={400}
          loading="lazy"
          className="aspect-[8/5] w-full bg-sand object-cover"
          onError={swapToFallback}
        />
        <div className="absolute top-3 left-3 flex gap-1.5">
          {provider.isFeatured ? (
            <Badge variant="featured">{t('card.featured')}</Badge>
          ) : provider.isVerified ? (
            <Badge variant="verified">{t('card.verified')}</Badge>
          ) : (
            <Badge>{categoryName(provider.category.slug, provider.category.name)}</Badge>
          )}
        </div>
        <SaveHeartButton provider={provider} className="absolute top-2 right-2" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg font-semibold text-ink">{provider.name}</h2>
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <MapPinIcon className="size-4" aria-hidden="true" />
          {cityLabel(provider.city)}, {provider.province}
        </p>
        <p className="line-clamp-2 text-sm text-ink">{provider.description}</p>
        <p className="text-sm">
          <RatingSummary rating={provider.rating} reviewCount={provider.reviewCount} long />
        </p>
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          <p className="text-sm text-muted">
            <span className="text-lg font-bold text-ink">{format.dollars(provider.allInPrice)}</span>
            {priceUnit(provider.priceUnit)} <PriceHint provider={provider} />
          </p>
          <Button asChild variant="outline" size="sm">
            <Link to={`/service/${provider.id}`} aria-label={t('card.detailsLabel', { name: provider.name })}>
              {t('card.details')}
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
