import { PageMeta } from '@/components/layout/page-meta';
import { PopularCategories } from '@/features/catalog/components/popular-categories';
import { SectionHeading } from '@/features/catalog/components/section-heading';
import { TopProviders } from '@/features/catalog/components/top-providers';
import { AppDownloadSection } from '@/features/content/components/app-download-section';
import { HomeHero } from '@/features/content/components/home-hero';
import { HowItWorksSteps } from '@/features/content/components/how-it-works-steps';
import { ProfessionalsCta } from '@/features/content/components/professionals-cta';

export function HomePage() {
  return (
    <>
      <PageMeta
        title="Trillium - Premium Professional Services Marketplace"
        description="Find, compare and book trusted local professionals across Ontario: home cleaning, car detailing, tax, legal, wellness, salon and more. Pay securely by card and get a confirmed booking in under 60 seconds."
      />
      <HomeHero />
      <PopularCategories />
      <TopProviders />
      <section
        id="how-it-works"
        aria-labelledby="how-it-works-title"
        className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12 lg:px-6"
      >
        <SectionHeading
          id="how-it-works-title"
          title="How it works"
          subtitle="From search to confirmed booking in under 60 seconds."
        />
        <HowItWorksSteps />
      </section>
      <ProfessionalsCta />
      <AppDownloadSection />
    </>
  );
}
