import { useEffect, useState } from 'react';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { type BookingDetails, detailsFromUser } from '../lib/details';

/** Booking details prefilled from the signed-in user, also when the user arrives after the first render. */
export function usePrefilledDetails() {
  const { user } = useCurrentUser();
  const [details, setDetails] = useState<BookingDetails>(() => detailsFromUser(user));
  useEffect(() => {
    if (!user) return;
    setDetails((current) => {
      const fromUser = detailsFromUser(user);
      return {
        name: current.name || fromUser.name,
        email: current.email || fromUser.email,
        phone: current.phone || fromUser.phone,
        notes: current.notes,
        address: current.address.street ? current.address : fromUser.address,
      };
    });
  }, [user]);
  return [details, setDetails] as const;
}
