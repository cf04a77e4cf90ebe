import { scheduleSummary } from '@shared/domain/schedule';
import { formatDollars } from '@shared/domain/money';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/features/auth/lib/errors';
import { usePartnerListing } from '../api/get-partner-listing';
import { HoursEditor } from './hours-editor';
import { ListingEditor } from './listing-editor';
import { ServicesEditor } from './services-editor';

function Panel({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs sm:p-6"
    >
      <h3 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h3>
      <p className="mt-1 mb-5 text-sm text-muted">{description}</p>
      {children}
    </section>
  );
}

/** Services: edit the services and prices, the weekly hours and the listing's details. */
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
        id="partner-hours"
        title="Weekly Hours"
        description="Customers can book hourly starts inside these hours (Toronto time)."
      >
        <HoursEditor key={`hours-${data.id}`} listing={data} />
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
