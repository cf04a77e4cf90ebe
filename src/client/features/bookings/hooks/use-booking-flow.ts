import type { Provider } from '@shared/contract/catalog';
import { bookingDetailsPayload } from '@shared/contract/bookings';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { EMPTY_SCHEDULE, type Schedule } from '@/features/availability';
import { serviceOptions } from '@/features/catalog';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { findServiceOption, serviceChoice, serviceIdOf } from '../components/service-select';
import { rememberRedirectAfterLogin } from '../lib/booking-storage';
import { type StartOutcome, useCheckout } from './use-checkout';
import { useBookingDetailsForm } from './use-booking-details-form';

/**
 * The state of booking one provider, shared by the desktop dialog and the phone step flow (only their
 * layout differs): the service, the date and time, the details form and the checkout.
 */
export function useBookingFlow(provider: Provider, initialServiceKey?: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useCurrentUser();
  const firstKey = initialServiceKey ?? serviceOptions(provider)[0]?.key ?? '';
  const [serviceKey, setServiceKey] = useState(firstKey);
  const [schedule, setSchedule] = useState<Schedule>(EMPTY_SCHEDULE);
  const service = findServiceOption(provider, serviceKey);
  const form = useBookingDetailsForm(service?.deliveredAt ?? 'provider');
  const checkout = useCheckout({ providerId: provider.id, providerName: provider.name });

  return {
    user,
    service,
    serviceKey,
    setServiceKey,
    /** The service's id for the availability query (undefined for the Basic / Premium / Deluxe tiers). */
    serviceId: service ? serviceIdOf(provider, service) : undefined,
    schedule,
    setSchedule,
    form,
    checkout,
    /** A service and a time are chosen. */
    scheduled: service !== null && schedule.slot !== null,
    /** A visitor signs in first, then comes back to this page. */
    signInFirst() {
      rememberRedirectAfterLogin(location.pathname);
      navigate('/auth');
    },
    /** Checks the details (each field shows its problem; the first one gets the focus). */
    checkDetails: () => form.trigger(undefined, { shouldFocus: true }),
    /** Holds the time and opens the card payment; a time just taken clears the choice of time. */
    async pay(): Promise<StartOutcome> {
      if (!service || !schedule.slot) return 'failed';
      const outcome = await checkout.start({
        providerId: provider.id,
        serviceDate: schedule.slot.start,
        ...serviceChoice(provider, service),
        ...bookingDetailsPayload(form.getValues()),
      });
      if (outcome === 'slot_problem') setSchedule({ date: schedule.date, slot: null });
      return outcome;
    },
    /** After a confirmed booking: book again from the start. */
    restart() {
      checkout.reset();
      setSchedule(EMPTY_SCHEDULE);
      setServiceKey(firstKey);
    },
  };
}

export type BookingFlow = ReturnType<typeof useBookingFlow>;
