import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { categoryImage, swapToFallback } from '@/lib/images';
import { useCategories } from '../api/get-categories';
import { SectionHeading } from './section-heading';
import { useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';

const POPULAR_COUNT = 4;

/**
 * The first 4 categories as image cards. While loading, 8 placeholders show: an image and a name
 * block for each of the 4 cards, so nothing moves when the cards arrive.
 */
export function PopularCategories() {
  const t = useT('catalog');
  const categoryName = useCategoryName();
  const categories = useCategories();
  return (
    <section aria-labelledby="popular-categories" className="mx-auto max-w-7xl px-4 py-12 lg:px-6">
      <SectionHeading
        id="popular-categories"
        title={t('popular.title')}
        subtitle={t('popular.subtitle')}
        action={
          <Link
            to="/services"
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary-700 hover:underline"
          >
            {t('popular.viewAll')}
            <ArrowRightIcon className="size-4" aria-hidden="true" />
          </Link>
        }
      />
      {categories.isPending ? (
        <div
          className="grid grid-cols-2 gap-4 lg:grid-cols-4"
          role="status"
          aria-label={t('popular.loading')}
        >
          {Array.from({ length: POPULAR_COUNT }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <div key={index}>
              <Skeleton className="aspect-[8/5] w-full rounded-(--radius-card)" />
              <Skeleton className="mt-3 h-5 w-2/3" />
            </div>
          ))}
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {(categories.data ?? []).slice(0, POPULAR_COUNT).map((category) => (
            <li key={category.id}>
              <Link
                to={`/services?category=${category.slug}`}
                className="group block rounded-(--radius-card) focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-accent-400"
              >
                <div className="overflow-hidden rounded-(--radius-card) bg-sand ring-1 ring-line">
                  <img
                    src={categoryImage(category.slug)}
                    alt=""
                    width={640}
                    height={400}
                    loading="lazy"
                    className="aspect-[8/5] w-full object-cover transition-transform duration-300 group-hover:scale-105"
                    onError={swapToFallback}
                  />
                </div>
                <p className="mt-3 font-semibold text-ink group-hover:text-primary-700">
                  {categoryName(category.slug, category.name)}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
