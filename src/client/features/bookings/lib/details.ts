import { type ServiceAddress, serviceAddressSchema } from '@shared/contract/address';
import type { User } from '@shared/contract/auth';
import type { DeliveryPlace } from '@shared/domain/delivery';
import { phoneSchema } from '@shared/contract/auth';

/** The service address as typed (the province is always Ontario). */
export type AddressDraft = {
  street: string;
  unit: string;
  city: string;
  postalCode: string;
  accessNotes: string;
};

export type BookingDetails = {
  name: string;
  email: string;
  phone: string;
  notes: string;
  address: AddressDraft;
};

export const EMPTY_ADDRESS: AddressDraft = {
  street: '',
  unit: '',
  city: '',
  postalCode: '',
  accessNotes: '',
};

/** Name, e-mail, phone and (when in Ontario) the saved address of the signed-in user prefill the details. */
export function detailsFromUser(user: User | null | undefined): BookingDetails {
  const inOntario = user?.province?.toUpperCase() === 'ON';
  return {
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

/** The address as the server takes it, or the first problem with it. */
export function checkServiceAddress(
  address: AddressDraft,
): { ok: true; value: ServiceAddress } | { ok: false; message: string } {
  const parsed = serviceAddressSchema.safeParse({ ...address, province: 'ON' });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Please check the service address' };
}

/**
 * The details checks, the same in every booking flow (and the server's): name and e-mail always; for
 * a service at the customer's place a phone number and the address too. Null when the details may go on.
 */
export function detailsProblem(
  details: BookingDetails,
  { deliveredAt }: { deliveredAt: DeliveryPlace },
): string | null {
  if (!details.name.trim()) return 'Please enter your name';
  if (!details.email.trim()) return 'Please enter your email';
  const atCustomer = deliveredAt === 'customer';
  if (atCustomer && !details.phone.trim()) return 'Please enter your phone number';
  if (details.phone.trim() && !phoneSchema.safeParse(details.phone).success)
    return 'Please enter a valid phone number';
  if (atCustomer) {
    const address = checkServiceAddress(details.address);
    if (!address.ok) return address.message;
  }
  return null;
}

/** What the booking request carries of the details. */
export function detailsPayload(details: BookingDetails, deliveredAt: DeliveryPlace) {
  const address = deliveredAt === 'customer' ? checkServiceAddress(details.address) : null;
  return {
    customerName: details.name.trim(),
    customerEmail: details.email.trim(),
    customerPhone: details.phone.trim() || null,
    notes: details.notes.trim() || null,
    serviceAddress: address?.ok ? address.value : null,
  };
}
