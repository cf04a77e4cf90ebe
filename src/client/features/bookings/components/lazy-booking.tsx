import { CalendarCheckIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n/i18n';
import type { BookingDialogProps } from './booking-dialog';
import type { BookingStepFlowProps } from './booking-step-flow';

const BookingDialogChunk = lazy(() => import('./booking-dialog').then((m) => ({ default: m.BookingDialog })));
const loadStepFlow = () => import('./booking-step-flow');
const BookingStepFlowChunk = lazy(() => loadStepFlow().then((m) => ({ default: m.BookingStepFlow })));
/** Fetches the flow's code ahead of the press; a failure shows when the flow itself loads. */
const preloadStepFlow = () => {
  loadStepFlow().catch(() => undefined);
};

/** The desktop booking dialog, its code loaded the first time it opens. */
export function LazyBookingDialog(props: BookingDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <BookingDialogChunk {...props} />
    </Suspense>
  );
}

/**
 * The phone booking step flow. Until Book Now is pressed it is only that button: the flow's code (the
 * schedule picker, the payment form, their contracts and date formatters) loads when a finger or the
 * keyboard comes near it, and is not evaluated while every service page hydrates on a phone.
 */
export function LazyBookingStepFlow(props: BookingStepFlowProps) {
  const [pressed, setPressed] = useState(false);
  return (
    <Suspense fallback={<Skeleton className="h-12 w-full rounded-lg" />}>
      {!props.startOpen && !pressed ? (
        <BookNowButton onPress={() => setPressed(true)} />
      ) : (
        <BookingStepFlowChunk {...props} bookNowOnMount={pressed} />
      )}
    </Suspense>
  );
}

function BookNowButton({ onPress }: { onPress: () => void }) {
  const t = useT('booking');
  return (
    <Button
      variant="accent"
      size="lg"
      className="w-full"
      onPointerEnter={preloadStepFlow}
      onPointerDown={preloadStepFlow}
      onFocus={preloadStepFlow}
      onClick={onPress}
    >
      <CalendarCheckIcon aria-hidden="true" />
      {t('dialog.bookNow')}
    </Button>
  );
}
