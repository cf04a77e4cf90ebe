/** The card processor behind one interface: the built-in sandbox (default) or Stripe. */

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

/** The card that paid, as receipts print it (`visa`, `4242`). */
export type CardSummary = { brand: string; last4: string };

export type PaymentIntent = {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** The card that paid a succeeded intent, when the processor says (null otherwise). */
  card?: CardSummary | null;
};

export type ConfirmResult =
  | {
      status: 'succeeded';
      card?: CardSummary | null;
      /** What the processor took, when it says (a booking is confirmed only for its total, in CAD). */
      amountCents?: number;
      currency?: string;
    }
  | { status: Exclude<IntentStatus, 'succeeded'>; failure: { code: string; message: string } };

export type PaymentProcessor = {
  kind: 'sandbox' | 'stripe';
  /** What the browser needs to load the processor's card form (Stripe), or null. */
  publishableKey: string | null;
  createIntent(input: {
    amountCents: number;
    currency: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
    receiptEmail?: string;
    /** The paying account: the sandbox accepts only cards this account tokenised. */
    customerRef: string;
  }): Promise<PaymentIntent>;
  /**
   * Confirms with a payment method the server holds (sandbox). With Stripe the browser confirms through
   * Stripe Elements, and this only reads the outcome.
   */
  confirmIntent(input: { intentId: string; paymentMethodId?: string }): Promise<ConfirmResult>;
  retrieveIntent(intentId: string): Promise<PaymentIntent | null>;
  /**
   * Makes an unpaid intent impossible to charge. Answers the intent as it ends up: `canceled`, or
   * `succeeded` when the customer's payment went through first (then it must be honoured or refunded).
   * Null when the processor does not know it.
   */
  cancelIntent(intentId: string): Promise<PaymentIntent | null>;
  refund(input: { intentId: string; amountCents: number; idempotencyKey: string }): Promise<void>;
};

export class ProcessorError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessorError';
  }
}
