import type { Promotion } from '@shared/contract/content';
import { CalendarIcon, TicketIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FALLBACK_IMAGE, swapToFallback } from '@/lib/images';
import { rememberPromoCode } from '@/lib/promo-code';
import { useFormat, useT } from '@/lib/i18n/i18n';

function isInternal(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

export function PromotionCard({ promotion, eager = false }: { promotion: Promotion; eager?: boolean }) {
  const t = useT('pages');
  const format = useFormat();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-(--radius-card) border border-line bg-surface shadow-xs">
      <div className="relative bg-sand">
        <img
          src={promotion.imageUrl ?? FALLBACK_IMAGE}
          alt=""
          width={800}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          className="aspect-[2/1] w-full object-cover"
          onError={swapToFallback}
        />
        <Badge variant="featured" className="absolute top-3 left-3 shadow-sm">
          {t('promotion.limited')}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="text-lg font-semibold text-ink">{promotion.title}</h2>
        <p className="text-muted">{promotion.description}</p>
        <p className="flex items-center gap-2 text-sm text-muted">
          <CalendarIcon className="size-4" aria-hidden="true" />
          {t('promotion.valid', {
            start: format.shortDate(promotion.startDate),
            end: format.shortDate(promotion.endDate),
          })}
        </p>
        {promotion.code ? (
          <p className="flex items-center gap-2 text-sm">
            <TicketIcon className="size-4 text-primary-700" aria-hidden="true" />
            {t('promotion.code')}
            <code className="rounded-md border border-dashed border-primary-300 bg-primary-50 px-2 py-0.5 font-mono font-semibold text-primary-800">
              {promotion.code}
            </code>
          </p>
        ) : null}
        <Button asChild variant="primary" className="mt-auto w-full sm:w-auto sm:self-start">
          {isInternal(promotion.linkUrl) ? (
            // The code is remembered and pre-filled at checkout (docs/product.md §7).
            <Link
              to={promotion.linkUrl}
              onClick={() => (promotion.code ? rememberPromoCode(promotion.code) : undefined)}
              aria-label={
                promotion.code
                  ? t('promotion.redeemLabel', { title: promotion.title, code: promotion.code })
                  : undefined
              }
            >
              {t('promotion.redeem')}
            </Link>
          ) : (
            <a href={promotion.linkUrl} target="_blank" rel="noreferrer">
              {t('promotion.redeem')}
            </a>
          )}
        </Button>
      </div>
    </article>
  );
}
