import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n/i18n';

/** The provider page's shape while it loads. */
export function ProviderDetailSkeleton() {
  const t = useT('listing');
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 lg:px-6" role="status" aria-label={t('providerLoading')}>
      <Skeleton className="h-5 w-64 max-w-full" />
      <div className="mt-5 grid gap-6 overflow-hidden rounded-(--radius-card) border border-line bg-surface md:grid-cols-[2fr_3fr]">
        <Skeleton className="aspect-[8/5] w-full rounded-none" />
        <div className="space-y-3 p-5 md:pl-0">
          <Skeleton className="h-6 w-32" />
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      </div>
      <Skeleton className="mt-10 h-7 w-48" />
      <div className="mt-4 grid gap-3">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    </div>
  );
}
