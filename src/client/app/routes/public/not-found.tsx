import { CompassIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/i18n';

export function NotFoundPage() {
  const t = useT('pages');
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <PageMeta title={t('notFound.title')} description={t('notFound.description')} />
      <CompassIcon className="mx-auto size-14 text-primary-300" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink">{t('notFound.title')}</h1>
      <p className="mt-3 text-muted">{t('notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">{t('notFound.home')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/services">{t('notFound.browse')}</Link>
        </Button>
      </div>
    </div>
  );
}
