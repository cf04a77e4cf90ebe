import { ArrowRightIcon, BriefcaseBusinessIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/i18n';

export function ProfessionalsCta() {
  const t = useT('catalog');
  return (
    <section aria-labelledby="for-professionals" className="mx-auto max-w-7xl px-4 py-12 lg:px-6">
      <div className="relative overflow-hidden rounded-3xl bg-primary-800 px-6 py-10 text-white sm:px-10 md:flex md:items-center md:justify-between md:gap-10">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-accent-400/20 blur-2xl"
        />
        <div className="relative max-w-2xl">
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-accent-200 uppercase">
            <BriefcaseBusinessIcon className="size-4" aria-hidden="true" />
            {t('pros.eyebrow')}
          </p>
          <h2 id="for-professionals" className="mt-3 text-3xl font-bold tracking-tight">
            {t('pros.title')}
          </h2>
          <p className="mt-3 text-primary-100">{t('pros.lead')}</p>
        </div>
        <Button asChild variant="accent" size="lg" className="relative mt-6 md:mt-0">
          <Link to="/register-professional">
            {t('pros.cta')}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
