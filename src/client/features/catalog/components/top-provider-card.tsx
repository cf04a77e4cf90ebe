import type { Provider } from '@shared/contract/catalog';
import { cityLabel } from '@shared/domain/ontario';
import { MapPinIcon, StarIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { LazySaveHeart } from '@/features/saved';
import { FALLBACK_IMAGE, swapToFallback } from '@/lib/images';
import { useFormat, useT } from '@/lib/i18n/i18n';

/** A home page card: Featured badge, name, one-line description, rating or New, (reviews), city. */
export function TopProviderCard({ provider }: { provider: Provider }) {
  const t = useT('catalog');
  const format = useFormat();
  return (
    // The heart is a sibling of the card's link (a button may not sit inside a link).
    <div className="relative h-full">
      <Link
        to={`/provider/${provider.id}`}
        className="group flex h-full flex-col overflow-hidden rounded-(--radius-card) border border-line bg-surface shadow-xs transition-shadow hover:shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
      >
        <div className="relative bg-sand">
          <img
            src={provider.imageUrl ?? FALLBACK_IMAGE}
            alt=""
            width={640}
            height={400}
            loading="lazy"
            className="aspect-[8/5] w-full object-cover"
            onError={swapToFallback}
          />
          {provider.isFeatured ? (
            <Badge variant="featured" className="absolute top-2 left-2 shadow-sm">
              {t('card.featured')}
            </Badge>
          ) : null}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <h3 className="line-clamp-2 leading-snug font-semibold text-ink group-hover:text-primary-700 sm:line-clamp-1">
            {provider.name}
          </h3>
          <p className="line-clamp-1 text-sm text-muted">{provider.description}</p>
          <p className="mt-auto flex items-center gap-1 pt-1 text-sm">
            <StarIcon className="size-4 fill-accent-400 text-accent-500" aria-hidden="true" />
            <span className="font-semibold text-ink">
              {provider.rating === null ? t('card.new') : format.rating(provider.rating)}
            </span>
            <span className="text-muted">({provider.reviewCount})</span>
          </p>
          <p className="flex items-center gap-1 text-sm text-muted">
            <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">
              {cityLabel(provider.city)}, {provider.province}
            </span>
          </p>
        </div>
      </Link>
      <LazySaveHeart provider={provider} className="absolute top-2 right-2" />
    </div>
  );
}
