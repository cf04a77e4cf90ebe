import { ArrowRightIcon, CreditCardIcon, MessageCircleIcon, ShieldCheckIcon, StarIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { HowItWorksSteps } from '@/features/content/components/how-it-works-steps';
import { useT } from '@/lib/i18n/i18n';

/** The four details below the steps: their titles and texts are the `pages` catalog's `how.<key>(Text)`. */
const DETAILS = [
  { icon: ShieldCheckIcon, key: 'trust' },
  { icon: StarIcon, key: 'reviews' },
  { icon: CreditCardIcon, key: 'payment' },
  { icon: MessageCircleIcon, key: 'changes' },
] as const;

export function HowItWorksPage() {
  const t = useT('pages');
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 lg:px-6">
      <PageMeta title={t('how.title')} description={t('how.description')} />
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('how.heading')}</h1>
        <p className="mt-3 text-lg text-muted">{t('how.lead')}</p>
      </div>
      <div className="mt-10">
        <HowItWorksSteps headingLevel="h2" />
      </div>
      <div className="mt-12 grid gap-4 sm:grid-cols-2">
        {DETAILS.map(({ icon: Icon, key }) => (
          <section key={key} className="flex gap-4 rounded-(--radius-card) border border-line bg-surface p-5">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-700">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h2 className="font-semibold text-ink">{t(`how.${key}`)}</h2>
              <p className="mt-1 text-muted">{t(`how.${key}Text`)}</p>
            </div>
          </section>
        ))}
      </div>
      <div className="mt-12 flex flex-col items-start gap-4 rounded-3xl bg-primary-800 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold">{t('how.ready')}</h2>
          <p className="mt-1 text-primary-100">{t('how.readyText')}</p>
        </div>
        <Button asChild variant="accent" size="lg">
          <Link to="/services">
            {t('how.browse')}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </div>
  );
}
