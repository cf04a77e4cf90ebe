import { loadStripe, type Stripe, type StripeCardElement } from '@stripe/stripe-js';
import { LockIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useConfirmPayment } from '../api/confirm-payment';
import { CARD_MESSAGES } from '../lib/card-form';
import { paymentErrorMessage } from '../lib/payment-errors';
import { AcceptedBrands } from './accepted-brands';
import type { CardFormProps } from './card-form-props';
import { useFormat, useT } from '@/lib/i18n/i18n';

const stripes = new Map<string, Promise<Stripe | null>>();
/** Stripe.js is loaded once per key, and only on the payment step. */
function stripeFor(key: string) {
  let promise = stripes.get(key);
  if (!promise) {
    promise = loadStripe(key);
    stripes.set(key, promise);
  }
  return promise;
}

/** Stripe mode: a Card Element tokenises the card in Stripe's frame; our server never sees the number. */
export function StripeCardForm({ hold, billing, onPaid, onFailure, onEdit, onBusyChange }: CardFormProps) {
  const t = useT('booking');
  const format = useFormat();
  const id = useId();
  const mount = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [state, setState] = useState({ empty: true, complete: false });
  const [busy, setBusy] = useState(false);
  const confirm = useConfirmPayment();
  const callbacks = useRef({ onEdit, onFailure });
  callbacks.current = { onEdit, onFailure };

  useEffect(() => {
    let cancelled = false;
    let element: StripeCardElement | null = null;
    if (!hold.publishableKey) return undefined;
    stripeFor(hold.publishableKey)
      .then((loaded) => {
        if (cancelled || !loaded || !mount.current) return;
        element = loaded.elements().create('card', {
          hidePostalCode: true,
          style: { base: { fontSize: '16px', color: '#1c2520', '::placeholder': { color: '#55625a' } } },
        });
        element.on('change', (event) => {
          setState({ empty: event.empty, complete: event.complete });
          callbacks.current.onEdit();
        });
        element.mount(mount.current);
        setStripe(loaded);
        setCard(element);
      })
      .catch(() => {
        if (!cancelled) callbacks.current.onFailure(CARD_MESSAGES.notReady);
      });
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [hold.publishableKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!stripe || !card) return onFailure(CARD_MESSAGES.notReady);
    if (state.empty) return onFailure(CARD_MESSAGES.empty);
    if (!state.complete) return onFailure(CARD_MESSAGES.incomplete);
    setBusy(true);
    onBusyChange(true);
    try {
      const { error } = await stripe.confirmCardPayment(hold.clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (error) {
        onFailure(error.message ?? 'Payment failed.');
        return;
      }
      // The server checks with Stripe and confirms the booking (the webhook would too).
      const result = await confirm.mutateAsync({ paymentIntentId: hold.paymentIntentId });
      onPaid({ bookingId: result.bookingId, referenceNumber: result.referenceNumber });
    } catch (error) {
      onFailure(paymentErrorMessage(error));
    } finally {
      setBusy(false);
      onBusyChange(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t('card.details')}>
      <AcceptedBrands />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-card`}>{t('card.details')}</Label>
        <div
          id={`${id}-card`}
          ref={mount}
          className="min-h-11 rounded-lg border border-line bg-surface px-3 py-3 focus-within:border-primary-500"
        />
        {!stripe ? <p className="text-xs text-muted">{t('card.loadingStripe')}</p> : null}
      </div>
      <Button
        type="submit"
        variant="accent"
        size="lg"
        className="w-full"
        disabled={!state.complete && !busy}
        busy={busy}
      >
        <LockIcon aria-hidden="true" />
        {busy ? t('card.processing') : t('card.pay', { amount: format.money(hold.amount) })}
      </Button>
    </form>
  );
}
