import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n/i18n';

/** Shown for the split second a page's code is loading. */
export function PageFallback() {
  const t = useT('shell');
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 lg:px-6" role="status" aria-label={t('loadingPage')}>
      <Skeleton className="h-8 w-64 max-w-full" />
      <Skeleton className="mt-4 h-4 w-96 max-w-full" />
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    </div>
  );
}
