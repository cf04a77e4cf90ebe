import { localizedScheduleSummary } from '@shared/i18n/schedule-summary';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { usePartnerListing } from '../api/get-partner-listing';
import { ListingEditor } from './listing-editor';
import { Panel } from './panel';
import { ServicesEditor } from './services-editor';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';
import { RichText } from '@/lib/i18n/rich-text';

/** Services: edit the services and prices and the listing's details. */
export function ServicesTab() {
  const t = useT('partner');
  const format = useFormat();
  const categoryName = useCategoryName();
  const listing = usePartnerListing();
  if (listing.isPending) {
    return (
      <div role="status" aria-label={t('services.loading')} className="grid gap-4">
        <Skeleton className="h-72 w-full rounded-(--radius-card)" />
        <Skeleton className="h-96 w-full rounded-(--radius-card)" />
      </div>
    );
  }
  if (listing.isError) {
    return (
      <p role="alert" className="rounded-lg border border-danger/30 bg-danger-soft p-4 text-sm text-danger">
        {errorMessage(listing.error, t('services.loadFailed'))}
      </p>
    );
  }
  const data = listing.data;
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted">
        <RichText
          ns="partner"
          k="services.listedAs"
          values={{
            name: data.name,
            category: categoryName(data.categorySlug, data.categoryName),
            price: format.dollars(data.price),
            hours: localizedScheduleSummary(data.schedule, format.locale),
          }}
          components={[
            <Link
              key="provider"
              to={`/provider/${data.id}`}
              className="font-semibold text-primary-700 underline-offset-2 hover:underline"
            />,
          ]}
        />
      </p>
      <Panel id="partner-services" title={t('services.title')} description={t('services.description.panel')}>
        <ServicesEditor key={`services-${data.id}`} listing={data} />
      </Panel>
      <Panel id="partner-listing" title={t('listing.title')} description={t('listing.panel')}>
        <ListingEditor key={`listing-${data.id}`} listing={data} />
      </Panel>
    </div>
  );
}
