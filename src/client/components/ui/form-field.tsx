import { AlertCircleIcon } from 'lucide-react';
import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { useValidationText } from '@/lib/i18n/i18n';
import { Label } from './label';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * A labelled field: the label, the control, an optional hint and the field's error right under it.
 * The control gets the id, aria-invalid and aria-describedby it needs.
 */
export function FormField({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const validationText = useValidationText();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    // content-start: beside a taller field (one with a hint) in a row, the label and the control stay
    // at the top at their own height instead of stretching.
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {validationText(error)}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level error (e.g. the server's answer): a red box, announced when it appears. */
export function FormError({ message, className }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-danger/30 bg-danger-soft px-3 py-2.5 text-sm text-danger',
        className,
      )}
    >
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
