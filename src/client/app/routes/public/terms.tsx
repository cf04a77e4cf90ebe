import { PageMeta } from '@/components/layout/page-meta';
import type { MessageKey } from '@/lib/i18n/catalogs';
import { useT } from '@/lib/i18n/i18n';

/** The ten sections: `terms.s<n>` is a title, `terms.s<n>p<m>` its paragraphs (in the `pages` catalog). */
const SECTIONS = [
  { n: 1, paragraphs: 2 },
  { n: 2, paragraphs: 1 },
  { n: 3, paragraphs: 3 },
  { n: 4, paragraphs: 2 },
  { n: 5, paragraphs: 1 },
  { n: 6, paragraphs: 1 },
  { n: 7, paragraphs: 1 },
  { n: 8, paragraphs: 1 },
  { n: 9, paragraphs: 1 },
  { n: 10, paragraphs: 1 },
] as const;

export function TermsPage() {
  const t = useT('pages');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 lg:px-6">
      <PageMeta title={t('terms.title')} description={t('terms.description')} />
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('terms.title')}</h1>
      <p className="mt-2 text-sm text-muted">{t('terms.updated')}</p>
      <div className="mt-8 grid gap-8 rounded-(--radius-card) border border-line bg-surface p-6 sm:p-8">
        {SECTIONS.map(({ n, paragraphs }) => (
          <section key={n}>
            <h2 className="text-lg font-semibold text-ink">{t(`terms.s${n}`)}</h2>
            {Array.from({ length: paragraphs }, (_, i) => `terms.s${n}p${i + 1}` as MessageKey<'pages'>).map(
              (key) => (
                <p key={key} className="mt-2 leading-relaxed text-ink/90">
                  {t(key)}
                </p>
              ),
            )}
          </section>
        ))}
        <p className="border-t border-line pt-6 text-sm text-muted">{t('terms.questions')}</p>
      </div>
    </div>
  );
}
