import { CalendarXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListStates } from '@/components/ui/list-states';
import { useT } from '@/lib/i18n/i18n';

/** A back-office list of bookings while it loads, when it failed, when it is empty, or the list. */
export function BookingListStates({
  query,
  isEmpty,
  skeletonClassName,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  isEmpty: boolean;
  skeletonClassName?: string;
  empty: { title: string; text?: ReactNode };
  children: ReactNode;
}) {
  const t = useT('backoffice');
  return (
    <ListStates
      isPending={query.isPending}
      isError={query.isError}
      isEmpty={isEmpty}
      loadingLabel={t('bookings.loading')}
      skeletonClassName={skeletonClassName}
      errorText={t('bookings.loadFailed')}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={{ icon: CalendarXIcon, ...empty }}
    >
      {children}
    </ListStates>
  );
}
