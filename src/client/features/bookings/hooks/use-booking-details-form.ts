import { zodResolver } from '@hookform/resolvers/zod';
import { type BookingDetailsForm, bookingDetailsFormSchema } from '@shared/contract/bookings';
import type { DeliveryPlace } from '@shared/domain/delivery';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { detailsFromUser } from '../lib/details';

/**
 * The booking details form of every booking flow: the contract's schema (the server's rules), values
 * prefilled from the signed-in user (also when the user arrives after the first render, without
 * overwriting what was typed), and where the service happens following the chosen service.
 */
export function useBookingDetailsForm(deliveredAt: DeliveryPlace) {
  const { user } = useCurrentUser();
  const form = useForm<BookingDetailsForm>({
    resolver: zodResolver(bookingDetailsFormSchema),
    defaultValues: detailsFromUser(user, deliveredAt),
  });

  useEffect(() => {
    form.setValue('deliveredAt', deliveredAt);
    // Errors shown for the other kind of service (an address a salon does not need) no longer apply.
    form.clearErrors();
  }, [form, deliveredAt]);

  useEffect(() => {
    if (!user) return;
    const current = form.getValues();
    const fromUser = detailsFromUser(user, current.deliveredAt);
    const fill = (name: 'name' | 'email' | 'phone') => {
      if (!current[name]) form.setValue(name, fromUser[name]);
    };
    fill('name');
    fill('email');
    fill('phone');
    if (!current.address.street) form.setValue('address', fromUser.address);
  }, [form, user]);

  return form;
}
