import type { BookingDetailsForm } from '@shared/contract/bookings';
import type { User } from '@shared/contract/auth';
import type { DeliveryPlace } from '@shared/domain/delivery';

export type BookingAddressForm = BookingDetailsForm['address'];

export const EMPTY_ADDRESS: BookingAddressForm = {
  street: '',
  unit: '',
  city: '',
  postalCode: '',
  accessNotes: '',
};

/**
 * The booking details prefilled from the signed-in user: name, e-mail, phone and (when it is in
 * Ontario) the account's address.
 */
export function detailsFromUser(
  user: User | null | undefined,
  deliveredAt: DeliveryPlace,
): BookingDetailsForm {
  const inOntario = user?.province?.toUpperCase() === 'ON';
  return {
    deliveredAt,
    name: user?.fullName?.trim() || user?.username || '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    notes: '',
    address: inOntario
      ? {
          street: user?.street ?? '',
          unit: user?.unit ?? '',
          city: user?.city ?? '',
          postalCode: user?.postalCode ?? '',
          accessNotes: '',
        }
      : EMPTY_ADDRESS,
  };
}
