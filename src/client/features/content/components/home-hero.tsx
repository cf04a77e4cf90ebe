import { BadgeCheckIcon, CreditCardIcon, TimerIcon } from 'lucide-react';
import { HeroSearchForm } from '@/features/catalog';
import { useT } from '@/lib/i18n/i18n';

const promises = [
  { icon: BadgeCheckIcon, text: 'hero.promiseVerified' },
  { icon: CreditCardIcon, text: 'hero.promiseSecure' },
  { icon: TimerIcon, text: 'hero.promiseFast' },
] as const;

export function HomeHero() {
  const t = useT('catalog');
  return (
    <section className="relative bg-primary-900 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_85%_20%,rgba(249,160,36,0.18),transparent_45%),radial-gradient(circle_at_10%_90%,rgba(90,165,122,0.35),transparent_50%)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 py-10 sm:py-14 lg:grid-cols-[1.5fr_1fr] lg:px-6 lg:py-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-primary-50 ring-1 ring-white/20">
            {t('hero.eyebrow')}
          </p>
          <h1 className="mt-4 text-[2rem] leading-tight font-bold tracking-tight text-balance sm:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="mt-3 max-w-xl text-base text-primary-100 sm:mt-4 sm:text-lg">{t('hero.lead')}</p>
          <div className="mt-6 text-ink sm:mt-8">
            <HeroSearchForm />
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-primary-100">
            {promises.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon className="size-4 text-accent-300" aria-hidden="true" />
                {t(text)}
              </li>
            ))}
          </ul>
        </div>
        <div className="hidden lg:block">
          <img
            src="/images/hero.svg"
            alt={t('hero.imageAlt')}
            width={1200}
            height={600}
            fetchPriority="high"
            className="w-full rounded-3xl shadow-2xl ring-1 ring-white/10"
          />
        </div>
      </div>
    </section>
  );
}
