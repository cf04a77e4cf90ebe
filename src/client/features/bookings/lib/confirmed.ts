/** What the Booking Confirmed dialog and page show. */
export type ConfirmedBooking = {
  bookingId: number;
  referenceNumber: string;
  serviceTitle: string;
  providerId: number;
  providerName: string;
  serviceDate: string;
  /** How long the service lasts (for the calendar entry). */
  durationMinutes: number;
  amountCents: number;
};
