import { scheduleSummary } from '@shared/domain/schedule';
import { formatDollars } from '@shared/domain/money';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { usePartnerListing } from '../api/get-partner-listing';
import { ListingEditor } from './listing-editor';
import { Panel } from './panel';
import { ServicesEditor } from './services-editor';

/** Services: edit the services and prices and the listing's details. */
export function ServicesTab() {
  const listing = usePartnerListing();
  if (listing.isPending) {
    return (
      <div role="status" aria-label="Loading your listing" className="grid gap-4">
        <Skeleton className="h-72 w-full rounded-(--radius-card)" />
        <Skeleton className="h-96 w-full rounded-(--radius-card)" />
      </div>
    );
  }
  if (listing.isError) {
    return (
      <p role="alert" className="rounded-lg border border-danger/30 bg-danger-soft p-4 text-sm text-danger">
        {errorMessage(listing.error, 'Your listing could not be loaded. Please try again later.')}
      </p>
    );
  }
  const data = listing.data;
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted">
        Listed as{' '}
        <Link
          to={`/provider/${data.id}`}
          className="font-semibold text-primary-700 underline-offset-2 hover:underline"
        >
          {data.name}
        </Link>{' '}
        in {data.categoryName}, from {formatDollars(data.price)}. {scheduleSummary(data.schedule)}.
      </p>
      <Panel
        id="partner-services"
        title="Services & Prices"
        description="Customers choose from these when they book. The cheapest is your starting price."
      >
        <ServicesEditor key={`services-${data.id}`} listing={data} />
      </Panel>
      <Panel
        id="partner-listing"
        title="Listing Details"
        description="What customers read about you in search and on your page."
      >
        <ListingEditor key={`listing-${data.id}`} listing={data} />
      </Panel>
    </div>
  );
}
