import { CalendarCheckIcon, ScaleIcon, SearchIcon } from 'lucide-react';
import { useT } from '@/lib/i18n/i18n';

export const HOW_IT_WORKS_STEPS = [
  { icon: SearchIcon, title: 'steps.searchTitle', text: 'steps.searchText' },
  { icon: ScaleIcon, title: 'steps.compareTitle', text: 'steps.compareText' },
  { icon: CalendarCheckIcon, title: 'steps.bookTitle', text: 'steps.bookText' },
] as const;

/** The three steps, as numbered cards. */
export function HowItWorksSteps({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  const t = useT('catalog');
  return (
    <ol className="grid gap-4 md:grid-cols-3">
      {HOW_IT_WORKS_STEPS.map(({ icon: Icon, title, text }, index) => (
        <li
          key={title}
          className="relative rounded-(--radius-card) border border-line bg-surface p-6 shadow-xs"
        >
          <span
            className="absolute top-5 right-5 rounded-full bg-accent-50 px-2.5 py-0.5 text-xs font-semibold text-accent-700 ring-1 ring-accent-200"
            aria-hidden="true"
          >
            {t('steps.step', { number: index + 1 })}
          </span>
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-primary-50 text-primary-700">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <Heading className="mt-4 text-lg font-semibold text-ink">
            <span className="sr-only">{t('steps.stepPrefix', { number: index + 1 })} </span>
            {t(title)}
          </Heading>
          <p className="mt-2 text-muted">{t(text)}</p>
        </li>
      ))}
    </ol>
  );
}
