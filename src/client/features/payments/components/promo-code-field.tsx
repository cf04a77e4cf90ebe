import { TicketIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useT } from '@/lib/i18n/i18n';

/**
 * The Secure Payment step's promo code (docs/product.md §7): type or keep the remembered code, Apply
 * (the server checks it and answers the new price, with its discount line), or Remove it. A refusal is
 * said in the server's words under the field.
 */
export function PromoCodeField({
  applied,
  suggested,
  refusal,
  disabled,
  onApply,
}: {
  /** The code the hold was priced with, or null. */
  applied: string | null;
  /** A code to pre-fill (Redeem Now), when none is applied. */
  suggested: string | null;
  /** Why the server refused the code last tried, if it did. */
  refusal: string | null;
  disabled: boolean;
  /** Applies a code (or removes it with null); answers the server's refusal or null. */
  onApply: (code: string | null) => Promise<string | null>;
}) {
  const t = useT('booking');
  const id = useId();
  const [value, setValue] = useState(applied ?? suggested ?? '');
  const [message, setMessage] = useState<string | null>(refusal);
  const [busy, setBusy] = useState(false);
  useEffect(() => setMessage(refusal), [refusal]);

  const run = async (code: string | null) => {
    setBusy(true);
    try {
      const refused = await onApply(code);
      setMessage(refused);
      if (code === null && !refused) setValue('');
    } finally {
      setBusy(false);
    }
  };
  const apply = () => {
    const code = value.trim().toUpperCase();
    if (!code) return setMessage(t('promo.enter'));
    void run(code);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter applies the code here; it must not submit the card form below.
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    }
  };

  return (
    <div className="grid gap-1.5" data-testid="promo-code">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-semibold text-ink">
        <TicketIcon className="size-4 text-primary-700" aria-hidden="true" />
        {t('promo.label')}
      </label>
      {applied ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-primary-50 px-3 py-2">
          <p className="text-sm text-primary-800" role="status">
            {t('promo.codeBefore')} <span className="font-mono font-semibold">{applied}</span>{' '}
            {t('promo.codeAfter')}
          </p>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => void run(null)}
            busy={busy}
            disabled={disabled}
            aria-label={t('promo.removeAria', { code: applied })}
          >
            {t('promo.remove')}
          </Button>
        </div>
      ) : (
        <div className="flex gap-2">
          <Input
            id={id}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setMessage(null);
            }}
            onKeyDown={onKeyDown}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            className="font-mono uppercase"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
          />
          <Button type="button" variant="outline" onClick={apply} busy={busy} disabled={disabled}>
            {t('promo.apply')}
          </Button>
        </div>
      )}
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {message}
        </p>
      ) : null}
    </div>
  );
}
