import type { Provider } from '@shared/contract/catalog';
import { dollarsToCents } from '@shared/domain/money';
import { ArrowLeftIcon, CalendarCheckIcon, CheckCircle2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { BookingDetailsFields } from './booking-details-fields';
import { ConfirmedBlock } from './booking-success-dialog';
import { PriceBreakdown } from './price-breakdown';
import { SchedulePicker } from '@/features/availability';
import { useBookingFlow } from '../hooks/use-booking-flow';
import { ServiceSelect } from './service-select';
import { useFormat, useT } from '@/lib/i18n/i18n';

export type BookingStep = 'date_time' | 'details' | 'payment' | 'confirmation';
const STEPS: BookingStep[] = ['date_time', 'details', 'payment', 'confirmation'];
const STEP_TITLES = {
  date_time: 'steps.dateTime',
  details: 'steps.details',
  payment: 'steps.payment',
  confirmation: 'confirmed.title',
} as const satisfies Record<BookingStep, string>;

export type BookingStepFlowProps = {
  provider: Provider;
  /** A service to preselect (its key from serviceOptions); the first service otherwise. */
  initialServiceKey?: string;
  /** Start at the first step instead of the Book Now button (e.g. after signing in). */
  startOpen?: boolean;
  /** Book Now was already pressed (on the light button shown before this code loaded): act on it. */
  bookNowOnMount?: boolean;
};

/**
 * The phone booking flow on the service page: date_time → details → payment → confirmation, with Back.
 * Uses the server's slots, like every booking screen; the card payment opens full screen.
 */
export function BookingStepFlow({
  provider,
  initialServiceKey,
  startOpen = false,
  bookNowOnMount = false,
}: BookingStepFlowProps) {
  const t = useT('booking');
  const format = useFormat();
  const flow = useBookingFlow(provider, initialServiceKey);
  const { user, service, schedule, checkout } = flow;
  const [step, setStep] = useState<BookingStep | null>(startOpen ? 'date_time' : null);
  const [problem, setProblem] = useState<string | null>(null);

  const go = (next: BookingStep | null) => {
    setProblem(null);
    setStep(next);
  };

  const bookNow = () => {
    if (!user) return flow.signInFirst();
    flow.restart();
    go('date_time');
  };

  const pressed = useRef(false);
  useEffect(() => {
    if (!bookNowOnMount || pressed.current) return;
    pressed.current = true;
    bookNow();
  });

  const next = async () => {
    if (step === 'date_time') {
      if (!flow.scheduled) return setProblem(t('steps.selectBoth'));
      return go('details');
    }
    if (step === 'details') {
      if (await flow.checkDetails()) go('payment');
      return;
    }
    if (step === 'payment' && (await flow.pay()) === 'slot_problem') go('date_time');
  };

  const back = () => {
    const index = step ? STEPS.indexOf(step) : 0;
    go(index > 0 ? (STEPS[index - 1] ?? null) : null);
  };

  const current: BookingStep | null = checkout.confirmed ? 'confirmation' : step;

  if (current === null) {
    return (
      <Button variant="accent" size="lg" className="w-full" onClick={bookNow}>
        <CalendarCheckIcon aria-hidden="true" />
        {t('dialog.bookNow')}
      </Button>
    );
  }

  if (current === 'confirmation' && checkout.confirmed) {
    return (
      <section aria-labelledby="step-confirmed" className="grid gap-4">
        <div className="flex items-center gap-3">
          <CheckCircle2Icon className="size-10 text-primary-600" aria-hidden="true" />
          <h3 id="step-confirmed" className="text-xl font-bold text-ink">
            {t('confirmed.title')}
          </h3>
        </div>
        <ConfirmedBlock booking={checkout.confirmed} />
        <Button asChild>
          <Link to="/bookings">{t('confirmed.viewBookings')}</Link>
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            flow.restart();
            go(null);
          }}
        >
          {t('steps.bookAnother')}
        </Button>
      </section>
    );
  }

  const index = STEPS.indexOf(current);
  const details = flow.form.getValues();
  return (
    <section aria-labelledby="booking-step-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon" onClick={back} aria-label={t('steps.back')}>
          <ArrowLeftIcon aria-hidden="true" />
        </Button>
        <div>
          <p className="text-xs font-semibold text-muted uppercase">
            {t('steps.progress', { step: index + 1, count: STEPS.length })}
          </p>
          <h3 id="booking-step-title" className="text-lg font-semibold text-ink">
            {t(STEP_TITLES[current])}
          </h3>
        </div>
      </div>
      <ol className="grid grid-cols-4 gap-1" aria-hidden="true">
        {STEPS.map((s, i) => (
          <li
            key={s}
            className={i <= index ? 'h-1.5 rounded-full bg-primary-600' : 'h-1.5 rounded-full bg-line'}
          />
        ))}
      </ol>

      {current === 'date_time' ? (
        <>
          <ServiceSelect provider={provider} value={flow.serviceKey} onChange={flow.setServiceKey} />
          <SchedulePicker
            providerId={provider.id}
            serviceId={flow.serviceId}
            value={schedule}
            onChange={flow.setSchedule}
            headingLevel="h3"
          />
        </>
      ) : null}
      {current === 'details' ? <BookingDetailsFields form={flow.form} /> : null}
      {current === 'payment' && service && schedule.slot ? (
        <div className="grid gap-3 rounded-(--radius-card) border border-line bg-canvas p-4 text-sm">
          <div>
            <p className="font-semibold text-ink">
              {t('steps.serviceWith', { service: service.name, provider: provider.name })}
            </p>
            <p className="text-muted">{format.bookedTime(schedule.slot.start)}</p>
            <p className="text-muted">
              {[details.name, details.email, details.phone].filter(Boolean).join(' · ')}
            </p>
          </div>
          <PriceBreakdown priceCents={dollarsToCents(service.price)} provider={provider} />
          <p className="text-xs text-muted">{t('steps.paymentMethod')}</p>
        </div>
      ) : null}

      <FormError message={problem} />
      <Button
        variant={current === 'payment' ? 'accent' : 'primary'}
        size="lg"
        className="w-full"
        busy={checkout.isStarting}
        onClick={() => void next()}
      >
        {current === 'payment'
          ? checkout.isStarting
            ? t('dialog.confirming')
            : t('steps.proceed')
          : t('steps.next')}
      </Button>
      {checkout.paymentDialog}
    </section>
  );
}
