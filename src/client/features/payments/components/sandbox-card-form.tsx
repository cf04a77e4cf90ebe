import { BRAND_LABELS, cardDigits, formatCardNumber } from '@shared/domain/cards';
import { CreditCardIcon, LockIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useConfirmPayment } from '../api/confirm-payment';
import { useCreateSandboxPaymentMethod } from '../api/create-sandbox-payment-method';
import {
  type CardInput,
  cardSubmitMessage,
  checkCard,
  formatExpiryInput,
  parseExpiry,
} from '../lib/card-form';
import { paymentErrorMessage } from '../lib/payment-errors';
import { AcceptedBrands } from './accepted-brands';
import type { CardFormProps } from './card-form-props';
import { useFormat, useT, useValidationText } from '@/lib/i18n/i18n';

function FieldError({ id, message }: { id: string; message?: string }) {
  const validationText = useValidationText();
  return message ? (
    <p id={id} className="text-sm font-medium text-danger">
      {validationText(message)}
    </p>
  ) : null;
}

/** The built-in sandbox's card form: the number goes to our server, which tokenises it (docs/product.md §7). */
export function SandboxCardForm({ hold, billing, onPaid, onFailure, onEdit, onBusyChange }: CardFormProps) {
  const t = useT('booking');
  const format = useFormat();
  const id = useId();
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '', name: billing.name });
  const createMethod = useCreateSandboxPaymentMethod();
  const confirm = useConfirmPayment();
  const busy = createMethod.isPending || confirm.isPending;
  const check = checkCard(card, new Date());

  const update = (patch: Partial<CardInput>) => {
    setCard((current) => ({ ...current, ...patch }));
    onEdit();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = cardSubmitMessage(card, new Date());
    if (problem) {
      onFailure(problem);
      return;
    }
    const expiry = parseExpiry(card.expiry)!;
    onBusyChange(true);
    try {
      const method = await createMethod.mutateAsync({
        number: cardDigits(card.number),
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: card.cvc.trim(),
        billingName: card.name.trim(),
        billingEmail: billing.email,
      });
      const result = await confirm.mutateAsync({
        paymentIntentId: hold.paymentIntentId,
        paymentMethodId: method.id,
      });
      onPaid({ bookingId: result.bookingId, referenceNumber: result.referenceNumber });
    } catch (error) {
      onFailure(paymentErrorMessage(error));
    } finally {
      onBusyChange(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t('card.details')}>
      <AcceptedBrands active={check.brand} />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>{t('card.holder')}</Label>
        <Input
          id={`${id}-name`}
          autoComplete="cc-name"
          value={card.name}
          onChange={(e) => update({ name: e.target.value })}
          required
        />
      </div>
      <div className="grid gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={`${id}-number`}>{t('card.number')}</Label>
          <span className="text-xs font-semibold text-primary-800" aria-live="polite">
            {check.brand ? BRAND_LABELS[check.brand] : ''}
          </span>
        </div>
        <div className="relative">
          <CreditCardIcon
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <Input
            id={`${id}-number`}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            className="pl-11 tabular-nums"
            value={card.number}
            maxLength={23}
            aria-invalid={check.errors.number ? true : undefined}
            aria-describedby={check.errors.number ? `${id}-number-error` : undefined}
            onChange={(e) => update({ number: formatCardNumber(e.target.value) })}
          />
        </div>
        <FieldError id={`${id}-number-error`} message={check.errors.number} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-expiry`}>{t('card.expiry')}</Label>
          <Input
            id={`${id}-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('card.expiryPlaceholder')}
            className="tabular-nums"
            value={card.expiry}
            maxLength={7}
            aria-invalid={check.errors.expiry ? true : undefined}
            aria-describedby={check.errors.expiry ? `${id}-expiry-error` : undefined}
            onChange={(e) => update({ expiry: formatExpiryInput(e.target.value) })}
          />
          <FieldError id={`${id}-expiry-error`} message={check.errors.expiry} />
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-cvc`}>{t('card.cvc')}</Label>
          <Input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={check.brand === 'amex' ? '1234' : '123'}
            className="tabular-nums"
            value={card.cvc}
            maxLength={4}
            aria-invalid={check.errors.cvc ? true : undefined}
            aria-describedby={check.errors.cvc ? `${id}-cvc-error` : undefined}
            onChange={(e) => update({ cvc: e.target.value.replace(/\D/g, '').slice(0, 4) })}
          />
          <FieldError id={`${id}-cvc-error`} message={check.errors.cvc} />
        </div>
      </div>
      <Button
        type="submit"
        variant="accent"
        size="lg"
        className="w-full"
        disabled={!check.complete && !busy}
        busy={busy}
      >
        <LockIcon aria-hidden="true" />
        {busy ? t('card.processing') : t('card.pay', { amount: format.money(hold.amount) })}
      </Button>
      <p className="text-center text-xs text-muted">{t('card.testMode')}</p>
    </form>
  );
}
