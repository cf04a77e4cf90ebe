import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { TOP_PROVIDERS_COUNT, useFeaturedProviders } from '../api/get-featured-providers';
import { SectionHeading } from './section-heading';
import { TopProviderCard } from './top-provider-card';
import { useT } from '@/lib/i18n/i18n';

const PLACEHOLDER_KEYS = Array.from({ length: TOP_PROVIDERS_COUNT }, (_, index) => `placeholder-${index}`);
const gridClass = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-5';

/** Up to 10 featured providers spread across categories; 10 placeholders while loading. */
export function TopProviders() {
  const t = useT('catalog');
  const providers = useFeaturedProviders();
  return (
    <section aria-labelledby="top-providers" className="bg-sand/60 py-12">
      <div className="mx-auto max-w-7xl px-4 lg:px-6">
        <SectionHeading
          id="top-providers"
          title={t('top.title')}
          subtitle={t('top.subtitle')}
          action={
            <Link
              to="/services"
              className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary-700 hover:underline"
            >
              {t('top.viewAll')}
              <ArrowRightIcon className="size-4" aria-hidden="true" />
            </Link>
          }
        />
        {providers.isPending ? (
          <div className={gridClass} role="status" aria-label={t('top.loading')}>
            {PLACEHOLDER_KEYS.map((key) => (
              <div
                key={key}
                className="overflow-hidden rounded-(--radius-card) border border-line bg-surface"
              >
                <Skeleton className="aspect-[8/5] w-full rounded-none" />
                <div className="space-y-2 p-3">
                  <Skeleton className="h-5 w-4/5" />
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-4 w-2/3" />
                </div>
              </div>
            ))}
          </div>
        ) : (
          <ul className={gridClass}>
            {(providers.data ?? []).map((provider) => (
              <li key={provider.id}>
                <TopProviderCard provider={provider} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
