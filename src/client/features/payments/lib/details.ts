import type { User } from '@shared/contract/auth';

export type BookingDetails = { name: string; email: string; phone: string; notes: string };

/** Name, e-mail and phone of the signed-in user prefill the details. */
export function detailsFromUser(user: User | null | undefined): BookingDetails {
  return {
    name: user?.fullName?.trim() || user?.username || '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    notes: '',
  };
}

/** The details step's checks, in the spec's order; null when the details may go on. */
export function detailsProblem(
  details: BookingDetails,
  { phoneRequired }: { phoneRequired: boolean },
): string | null {
  if (!details.name.trim()) return 'Please enter your name';
  if (!details.email.trim()) return 'Please enter your email';
  if (phoneRequired && !details.phone.trim()) return 'Please enter your phone number';
  return null;
}
