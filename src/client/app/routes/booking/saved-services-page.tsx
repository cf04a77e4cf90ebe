import { HeartIcon, SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { AuthLoading } from '@/features/auth';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { storeRedirect } from '@/features/auth';
import { useSavedServices } from '@/features/saved/api/get-saved-services';
import { SavedServiceCard } from '@/features/saved/components/saved-service-card';
import { filterSaved } from '@/features/saved/lib/filter-saved';
import { useT } from '@/lib/i18n/i18n';

/** /saved-services: the providers the customer saved with the heart. */
export function SavedServicesPage() {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  const t = useT('saved');
  if (isLoading) return <AuthLoading />;
  if (!user) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <PageMeta title={t('page.title')} description={t('page.description')} />
        <HeartIcon className="mx-auto size-12 text-muted" aria-hidden="true" />
        <h1 className="mt-3 text-xl font-semibold text-ink">{t('page.signIn')}</h1>
        <Button asChild className="mt-5">
          <Link to="/auth" onClick={() => storeRedirect(location.pathname)}>
            {t('page.signInButton')}
          </Link>
        </Button>
      </div>
    );
  }
  return <SavedServices />;
}

function SavedServices() {
  const saved = useSavedServices();
  const [search, setSearch] = useState('');
  const list = filterSaved(saved.data ?? [], search);
  const total = saved.data?.length ?? 0;
  const t = useT('saved');

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 lg:px-6">
      <PageMeta title={t('page.title')} description={t('page.description')} />
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('page.title')}</h1>
      <p className="mt-1 text-muted">
        {saved.isSuccess ? t('page.count', { count: total }) : t('page.favourites')}
      </p>

      <div className="relative mt-5 max-w-xl">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={t('page.search')}
          placeholder={t('page.searchPlaceholder')}
          className="pl-11"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>

      <div className="mt-6">
        {saved.isPending ? (
          <div
            role="status"
            aria-label={t('page.loading')}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-96 rounded-(--radius-card)" />
            ))}
          </div>
        ) : saved.isError ? (
          <div
            role="alert"
            className="rounded-(--radius-card) border border-danger/30 bg-danger-soft p-6 text-center"
          >
            <p className="font-semibold text-danger">{t('page.loadFailed')}</p>
            <Button variant="outline" className="mt-3" onClick={() => void saved.refetch()}>
              {t('page.retry')}
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className="rounded-(--radius-card) border border-dashed border-line bg-surface p-10 text-center">
            <HeartIcon className="mx-auto size-12 text-muted" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-semibold text-ink">
              {total === 0 ? t('page.noneYet') : t('page.noMatch')}
            </h2>
            <p className="mt-1 text-muted">{total === 0 ? t('page.noneYetHint') : t('page.noMatchHint')}</p>
            {total === 0 ? (
              <Button asChild className="mt-5">
                <Link to="/services">{t('page.browse')}</Link>
              </Button>
            ) : null}
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((provider) => (
              <li key={provider.id}>
                <SavedServiceCard provider={provider} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
