import { PageMeta } from '@/components/layout/page-meta';
import { PopularCategories } from '@/features/catalog/components/popular-categories';
import { SectionHeading } from '@/features/catalog/components/section-heading';
import { TopProviders } from '@/features/catalog/components/top-providers';
import { AppDownloadSection } from '@/features/content/components/app-download-section';
import { HomeHero } from '@/features/content/components/home-hero';
import { HowItWorksSteps } from '@/features/content/components/how-it-works-steps';
import { ProfessionalsCta } from '@/features/content/components/professionals-cta';
import { useT } from '@/lib/i18n/i18n';

export function HomePage() {
  const t = useT('catalog');
  return (
    <>
      <PageMeta title={t('home.metaTitle')} description={t('home.metaDescription')} />
      <HomeHero />
      <PopularCategories />
      <TopProviders />
      <section
        id="how-it-works"
        aria-labelledby="how-it-works-title"
        className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12 lg:px-6"
      >
        <SectionHeading id="how-it-works-title" title={t('home.howTitle')} subtitle={t('home.howSubtitle')} />
        <HowItWorksSteps />
      </section>
      <ProfessionalsCta />
      <AppDownloadSection />
    </>
  );
}
