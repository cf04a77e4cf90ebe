import type { createPaymentIntentResponseSchema } from '@shared/contract/bookings';
import type { z } from 'zod';

/** The server's answer to Pay Now: the held slot, its amounts and how to pay it. */
export type PaymentHold = z.infer<typeof createPaymentIntentResponseSchema>;

/** A confirmed payment: the server has confirmed its booking. */
export type PaymentResult = { bookingId: number; referenceNumber: string };

export type Billing = { name: string; email: string };
