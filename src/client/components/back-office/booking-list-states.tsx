import { CalendarXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListStates } from '@/components/ui/list-states';

/** A back-office list of bookings while it loads, when it failed, when it is empty, or the list. */
export function BookingListStates({
  query,
  isEmpty,
  skeletonClassName,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean };
  isEmpty: boolean;
  skeletonClassName?: string;
  empty: { title: string; text?: ReactNode };
  children: ReactNode;
}) {
  return (
    <ListStates
      isPending={query.isPending}
      isError={query.isError}
      isEmpty={isEmpty}
      loadingLabel="Loading bookings..."
      skeletonClassName={skeletonClassName}
      errorText="Bookings could not be loaded. Please try again later."
      empty={{ icon: CalendarXIcon, ...empty }}
    >
      {children}
    </ListStates>
  );
}
