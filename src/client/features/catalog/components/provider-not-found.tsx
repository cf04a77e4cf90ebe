import { SearchXIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/i18n';

export function ProviderNotFound() {
  const t = useT('listing');
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <PageMeta title={t('providerNotFound.title')} description={t('providerNotFound.description')} />
      <SearchXIcon className="mx-auto size-12 text-primary-300" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-ink">{t('providerNotFound.title')}</h1>
      <p className="mt-2 text-muted">{t('providerNotFound.text')}</p>
      <Button asChild className="mt-6">
        <Link to="/services">{t('service.backToServices')}</Link>
      </Button>
    </div>
  );
}
