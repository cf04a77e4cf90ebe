import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';

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
  empty,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  loadingLabel: string;
  skeletonClassName?: string;
  errorText: ReactNode;
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
  if (isError)
    return (
      <p role="alert" className="rounded-lg border border-danger/30 bg-danger-soft p-4 text-sm text-danger">
        {errorText}
      </p>
    );
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
