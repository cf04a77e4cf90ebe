import type { DeliveryPlace } from '@shared/domain/delivery';

/** The booking choice kept in the browser between the provider page and /booking-confirmation. */
export const BOOKING_DRAFT_KEY = 'currentBooking';

export type BookingDraft = {
  providerId: number;
  providerName: string;
  service: string;
  /** The service's id when the provider lists services (its length decides the free times). */
  serviceId?: number;
  /** Where the service happens: at the customer's address (then checkout asks for it) or the provider's place. */
  deliveredAt?: DeliveryPlace;
  /** As shown: the all-in price, e.g. `$123.72` (docs/product.md §7). */
  price: string;
  /** The service price in cents, from which the checkout's estimate is computed (the server prices it). */
  priceCents?: number;
  /** HST is charged on the service (a registered partner outside an exempt category). */
  chargesHst?: boolean;
  location: string;
  selectedDate?: string;
  selectedTime?: string;
};

export function saveBookingDraft(draft: BookingDraft): void {
  try {
    localStorage.setItem(BOOKING_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage can be unavailable (private mode, quota); the confirmation page then goes home.
  }
}

export function readBookingDraft(): BookingDraft | null {
  try {
    const raw = localStorage.getItem(BOOKING_DRAFT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<BookingDraft> | null;
    if (
      !value ||
      typeof value.providerId !== 'number' ||
      typeof value.providerName !== 'string' ||
      typeof value.service !== 'string' ||
      typeof value.price !== 'string'
    ) {
      return null;
    }
    return {
      providerId: value.providerId,
      providerName: value.providerName,
      service: value.service,
      serviceId: typeof value.serviceId === 'number' ? value.serviceId : undefined,
      deliveredAt:
        value.deliveredAt === 'customer' || value.deliveredAt === 'provider' ? value.deliveredAt : undefined,
      price: value.price,
      priceCents: typeof value.priceCents === 'number' ? value.priceCents : undefined,
      chargesHst: value.chargesHst === true,
      location: typeof value.location === 'string' ? value.location : '',
      selectedDate: value.selectedDate,
      selectedTime: value.selectedTime,
    };
  } catch {
    return null;
  }
}
