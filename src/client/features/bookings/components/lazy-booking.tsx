import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { BookingDialogProps } from './booking-dialog';
import type { BookingStepFlowProps } from './booking-step-flow';

const BookingDialogChunk = lazy(() => import('./booking-dialog').then((m) => ({ default: m.BookingDialog })));
const BookingStepFlowChunk = lazy(() =>
  import('./booking-step-flow').then((m) => ({ default: m.BookingStepFlow })),
);

/** The desktop booking dialog, its code loaded the first time it opens. */
export function LazyBookingDialog(props: BookingDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <BookingDialogChunk {...props} />
    </Suspense>
  );
}

/** The phone booking step flow, its code loaded with the service page's booking panel. */
export function LazyBookingStepFlow(props: BookingStepFlowProps) {
  return (
    <Suspense fallback={<Skeleton className="h-12 w-full rounded-lg" />}>
      <BookingStepFlowChunk {...props} />
    </Suspense>
  );
}
