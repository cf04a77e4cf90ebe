import type { Billing, PaymentHold, PaymentResult } from '../lib/types';

/** What both card forms (sandbox and Stripe Elements) take. */
export type CardFormProps = {
  hold: PaymentHold;
  billing: Billing;
  onPaid: (result: PaymentResult) => void;
  /** A failure to show inline and as a toast (the form stays for another card). */
  onFailure: (message: string) => void;
  /** Clears the inline failure when the customer edits the card. */
  onEdit: () => void;
  onBusyChange: (busy: boolean) => void;
};
