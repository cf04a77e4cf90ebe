import { ArrowLeftIcon, ShieldCheckIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/lib/toast';
import type { Billing, PaymentHold, PaymentResult } from '../lib/types';
import { HoldCountdown } from './hold-countdown';
import { MoneyLines } from './money-lines';
import { PromoCodeField } from './promo-code-field';
import { SandboxCardForm } from './sandbox-card-form';
import { useFormat, useT, useValidationText } from '@/lib/i18n/i18n';

// Stripe.js only loads when the server pays through Stripe, and only on this step.
const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

export type SecurePaymentDialogProps = {
  open: boolean;
  hold: PaymentHold | null;
  serviceTitle: string;
  providerName: string;
  /** The slot's start (ISO instant). */
  serviceDate: string;
  billing: Billing;
  /** Back: cancels and closes (the hold simply runs out). */
  onCancel: () => void;
  onPaid: (result: PaymentResult) => void;
  /** Where the focus goes once the dialog has closed (preventDefault and focus it); see Radix's Dialog. */
  onCloseAutoFocus?: (event: Event) => void;
  /** A code to pre-fill (Redeem Now) and why the server refused the code last tried. */
  suggestedCode?: string | null;
  promoRefusal?: string | null;
  /** Applies a promo code (null removes it): the server prices the hold again; answers its refusal or null. */
  onApplyCode?: (code: string | null) => Promise<string | null>;
};

/** The full-screen Secure Payment step: summary from the server's answer, the hold's countdown, the card form. */
export function SecurePaymentDialog({
  open,
  hold,
  serviceTitle,
  providerName,
  serviceDate,
  billing,
  onCancel,
  onPaid,
  onCloseAutoFocus,
  suggestedCode = null,
  promoRefusal = null,
  onApplyCode,
}: SecurePaymentDialogProps) {
  const t = useT('booking');
  const policyT = useT('policy');
  const format = useFormat();
  const validationText = useValidationText();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (english: string) => {
    // The card form's sentences are written in English; the server's come in the page's language.
    const message = validationText(english);
    setFailure(message);
    notify('error', t('pay.failed'), message);
  };
  const close = () => {
    if (busy) return;
    setFailure(null);
    onCancel();
  };

  return (
    <Dialog open={open && hold !== null} onOpenChange={(next) => (next ? undefined : close())}>
      {hold ? (
        <DialogContent
          fullScreen
          title={t('pay.title')}
          description={t('pay.description')}
          onInteractOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <div className="sticky top-0 z-10 border-b border-line bg-surface/95 pt-[env(safe-area-inset-top)] backdrop-blur">
            <div className="mx-auto flex h-14 max-w-xl items-center gap-2 px-2">
              <button
                type="button"
                onClick={close}
                disabled={busy}
                className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-primary-50 focus-visible:outline-3 focus-visible:outline-accent-400 disabled:opacity-50"
                aria-label={t('pay.back')}
              >
                <ArrowLeftIcon className="size-5" aria-hidden="true" />
              </button>
              <p className="flex items-center gap-2 text-base font-semibold text-ink" aria-hidden="true">
                <ShieldCheckIcon className="size-5 text-primary-700" />
                {t('pay.title')}
              </p>
            </div>
          </div>
          <div className="mx-auto grid w-full max-w-xl gap-5 px-4 pt-2 pb-[max(1.5rem,env(safe-area-inset-bottom))]">
            <section
              aria-labelledby="payment-summary"
              className="rounded-(--radius-card) border border-line bg-canvas p-4"
            >
              <h2 id="payment-summary" className="font-semibold text-ink">
                {t('pay.summary')}
              </h2>
              <p className="mt-1 text-sm text-muted">
                {t('steps.serviceWith', { service: serviceTitle, provider: providerName })}
                <br />
                {format.bookedTime(serviceDate)}
              </p>
              {onApplyCode ? (
                <div className="mt-3">
                  <PromoCodeField
                    applied={hold.promoCode}
                    suggested={suggestedCode}
                    refusal={promoRefusal}
                    disabled={busy}
                    onApply={onApplyCode}
                  />
                </div>
              ) : null}
              <div className="mt-3">
                <MoneyLines lines={hold.lines} totalCents={hold.amount} />
              </div>
              <p className="mt-2 text-xs text-muted">
                {t('pay.reference', { reference: hold.referenceNumber })}
              </p>
              <p className="mt-3 border-t border-line pt-2 text-xs text-ink" data-testid="payment-policy">
                <span className="font-semibold">
                  {t('pay.cancellation', { policy: policyT(`policy.${hold.cancellationPolicy}.name`) })}
                </span>{' '}
                {policyT(`policy.${hold.cancellationPolicy}.summary`)} {policyT('policy.alwaysFull')}
              </p>
            </section>
            <HoldCountdown expiresAt={hold.holdExpiresAt} />
            <FormError message={failure} />
            {hold.processor === 'stripe' ? (
              <Suspense fallback={<Skeleton className="h-40" />}>
                <StripeCardForm
                  hold={hold}
                  billing={billing}
                  onPaid={onPaid}
                  onFailure={fail}
                  onEdit={() => setFailure(null)}
                  onBusyChange={setBusy}
                />
              </Suspense>
            ) : (
              <SandboxCardForm
                hold={hold}
                billing={billing}
                onPaid={onPaid}
                onFailure={fail}
                onEdit={() => setFailure(null)}
                onBusyChange={setBusy}
              />
            )}
            <p className="flex items-center justify-center gap-2 text-xs text-muted">
              <ShieldCheckIcon className="size-4 text-primary-700" aria-hidden="true" />
              {t('pay.encrypted')}
            </p>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
