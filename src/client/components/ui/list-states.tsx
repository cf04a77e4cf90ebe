import { type LucideIcon, RefreshCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { loadErrorMessage } from '@/lib/errors';
import { useT } from '@/lib/i18n/i18n';
import { Button } from './button';
import { Skeleton } from './skeleton';

/**
 * A load that failed: what happened (the lost connection, the server that did not answer, else
 * `message`), and Try again when it can be tried again here.
 */
export function LoadError({
  message,
  error,
  onRetry,
}: {
  message: string;
  error?: unknown;
  onRetry?: () => void;
}) {
  const t = useT('ui');
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-danger/30 bg-danger-soft p-4 text-sm text-danger"
    >
      <span>{loadErrorMessage(error, message)}</span>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCwIcon aria-hidden="true" />
          {t('retry')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A list's loading, error and empty states around the list itself, the same on every back-office
 * panel: skeletons with a status line, a red alert, or a dashed box with an icon.
 */
export function ListStates({
  isPending,
  isError,
  isEmpty,
  loadingLabel,
  skeletonClassName = 'h-32',
  errorText,
  error,
  onRetry,
  empty,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  loadingLabel: string;
  skeletonClassName?: string;
  errorText: string;
  /** What failed: a lost connection is said so rather than `errorText`. */
  error?: unknown;
  /** Try again, beside the error. */
  onRetry?: () => void;
  empty: { icon: LucideIcon; title: string; text?: ReactNode };
  children: ReactNode;
}) {
  if (isPending)
    return (
      <div role="status" className="grid gap-3">
        <p className="text-sm text-muted">{loadingLabel}</p>
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} className={`w-full rounded-(--radius-card) ${skeletonClassName}`} />
        ))}
      </div>
    );
  if (isError) return <LoadError message={errorText} error={error} onRetry={onRetry} />;
  if (isEmpty) {
    const Icon = empty.icon;
    return (
      <div className="rounded-(--radius-card) border border-dashed border-line bg-surface p-10 text-center">
        <Icon className="mx-auto size-10 text-muted" aria-hidden="true" />
        <p className="mt-3 font-semibold text-ink">{empty.title}</p>
        {empty.text ? <p className="mt-1 text-sm text-muted">{empty.text}</p> : null}
      </div>
    );
  }
  return <>{children}</>;
}
