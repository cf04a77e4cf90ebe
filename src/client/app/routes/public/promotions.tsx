import { TagIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePromotions } from '@/features/content/api/get-promotions';
import { PromotionCard } from '@/features/content/components/promotion-card';
import { useT } from '@/lib/i18n/i18n';

/** The promotion terms, the `pages` catalog's `promotions.term1` to `term5`. */
const TERMS = ['term1', 'term2', 'term3', 'term4', 'term5'] as const;

export function PromotionsPage() {
  const promotions = usePromotions();
  const items = promotions.data ?? [];
  const t = useT('pages');
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 lg:px-6">
      <PageMeta title={t('promotions.title')} description={t('promotions.description')} />
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t('promotions.title')}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t('promotions.lead')}</p>

      <div className="mt-8">
        {promotions.isPending ? (
          <div
            className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
            role="status"
            aria-label={t('promotions.loading')}
          >
            {[0, 1, 2, 3, 4, 5].map((key) => (
              <div
                key={key}
                className="overflow-hidden rounded-(--radius-card) border border-line bg-surface"
              >
                <Skeleton className="aspect-[2/1] w-full rounded-none" />
                <div className="space-y-3 p-5">
                  <Skeleton className="h-6 w-2/3" />
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-11 w-32" />
                </div>
              </div>
            ))}
          </div>
        ) : items.length === 0 ? (
          <div className="rounded-(--radius-card) border border-dashed border-line bg-surface px-6 py-14 text-center">
            <TagIcon className="mx-auto size-10 text-primary-300" aria-hidden="true" />
            <h2 className="mt-4 text-lg font-semibold text-ink">{t('promotions.none')}</h2>
            <p className="mt-2 text-muted">{t('promotions.noneText')}</p>
            <Button asChild className="mt-6">
              <Link to="/services">{t('promotions.browse')}</Link>
            </Button>
          </div>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((promotion, index) => (
              <li key={promotion.id}>
                <PromotionCard promotion={promotion} eager={index < 3} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <section aria-labelledby="promotion-terms" className="mt-12 rounded-(--radius-card) bg-sand/70 p-6">
        <h2 id="promotion-terms" className="text-lg font-semibold text-ink">
          {t('promotions.terms')}
        </h2>
        <ul className="mt-3 grid list-disc gap-1.5 pl-5 text-muted">
          {TERMS.map((term) => (
            <li key={term}>{t(`promotions.${term}`)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
