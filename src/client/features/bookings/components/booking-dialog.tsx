import type { Provider } from '@shared/contract/catalog';
import { dollarsToCents } from '@shared/domain/money';
import { ArrowLeftIcon, CheckCircle2Icon, CreditCardIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { notify } from '@/lib/toast';
import { AcceptedBrands } from '@/features/payments';
import { BookingDetailsFields } from './booking-details-fields';
import { ConfirmedBlock } from './booking-success-dialog';
import { PriceBreakdown } from './price-breakdown';
import { SchedulePicker } from '@/features/availability';
import { useBookingFlow } from '../hooks/use-booking-flow';
import { ServiceSelect } from './service-select';
import { useFormat, useT } from '@/lib/i18n/i18n';

export type BookingDialogProps = {
  provider: Provider;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A service to preselect (its key from serviceOptions); the first service otherwise. */
  initialServiceKey?: string;
};

type Step = 'form' | 'method';

/**
 * The desktop booking dialog on the service page: service, date and time (the server's slots) and
 * details; then the payment method; then the full-screen card payment; then the confirmation.
 */
export function BookingDialog({ provider, open, onOpenChange, initialServiceKey }: BookingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <BookingDialogBody
          provider={provider}
          initialServiceKey={initialServiceKey}
          onClose={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

function BookingDialogBody({
  provider,
  initialServiceKey,
  onClose,
}: {
  provider: Provider;
  initialServiceKey?: string;
  onClose: () => void;
}) {
  const t = useT('booking');
  const format = useFormat();
  const flow = useBookingFlow(provider, initialServiceKey);
  const { user, service, schedule, checkout } = flow;
  const [step, setStep] = useState<Step>('form');

  const submitForm = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return flow.signInFirst();
    if (!flow.scheduled) {
      notify('error', t('dialog.missingTitle'), t('dialog.missingText'));
      return;
    }
    if (await flow.checkDetails()) setStep('method');
  };

  const toCardPayment = async () => {
    if ((await flow.pay()) === 'slot_problem') setStep('form');
  };

  if (checkout.confirmed) {
    return (
      <DialogContent
        title={t('confirmed.title')}
        description={t('confirmed.description')}
        className="sm:max-w-lg"
      >
        <div className="flex justify-center">
          <CheckCircle2Icon className="size-14 text-primary-600" aria-hidden="true" />
        </div>
        <ConfirmedBlock booking={checkout.confirmed} />
        <div className="grid gap-2 sm:grid-cols-3">
          <Button onClick={onClose}>{t('confirmed.continue')}</Button>
          <Button asChild variant="outline">
            <Link to="/bookings">{t('confirmed.viewBookings')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/services">{t('confirmed.bookMore')}</Link>
          </Button>
        </div>
      </DialogContent>
    );
  }

  return (
    <DialogContent
      title={t('dialog.title', { name: provider.name })}
      description={step === 'form' ? t('dialog.chooseService') : t('dialog.choosePayment')}
      className="sm:max-w-2xl"
    >
      {step === 'form' ? (
        <form
          noValidate
          onSubmit={(event) => void submitForm(event)}
          className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5"
        >
          <ServiceSelect provider={provider} value={flow.serviceKey} onChange={flow.setServiceKey} />
          <SchedulePicker
            providerId={provider.id}
            serviceId={flow.serviceId}
            value={schedule}
            onChange={flow.setSchedule}
            headingLevel="h3"
          />
          {user ? <BookingDetailsFields form={flow.form} /> : null}
          <Button type="submit" size="lg" disabled={user ? !flow.scheduled : false}>
            {user ? t('dialog.continue') : t('dialog.bookNow')}
          </Button>
          {user ? null : <p className="text-center text-sm text-muted">{t('dialog.signInFirst')}</p>}
        </form>
      ) : (
        <div className="grid gap-5">
          <div className="rounded-(--radius-card) border border-line bg-canvas p-4 text-sm">
            <p className="font-semibold text-ink">{service?.name}</p>
            <p className="text-muted">{schedule.slot ? format.bookedTime(schedule.slot.start) : ''}</p>
            <div className="mt-3">
              {service ? (
                <PriceBreakdown priceCents={dollarsToCents(service.price)} provider={provider} />
              ) : null}
            </div>
          </div>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-semibold text-ink">{t('dialog.paymentMethod')}</legend>
            <div className="flex items-center gap-3 rounded-xl border-2 border-primary-700 bg-primary-50 p-4">
              <CreditCardIcon className="size-5 text-primary-700" aria-hidden="true" />
              <div className="flex-1">
                <p className="font-semibold text-ink">{t('dialog.card')}</p>
                <AcceptedBrands />
              </div>
            </div>
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-between">
            <Button variant="outline" onClick={() => setStep('form')}>
              <ArrowLeftIcon aria-hidden="true" />
              {t('dialog.backToDetails')}
            </Button>
            <Button
              variant="accent"
              size="lg"
              className="sm:ml-auto"
              busy={checkout.isStarting}
              onClick={() => void toCardPayment()}
            >
              {checkout.isStarting ? t('dialog.confirming') : t('dialog.toCard')}
            </Button>
          </div>
        </div>
      )}
      {checkout.paymentDialog}
    </DialogContent>
  );
}
