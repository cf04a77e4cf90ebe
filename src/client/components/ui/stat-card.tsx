import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Skeleton } from './skeleton';

/** A counter tile: label, big value and an icon; a skeleton of the same size while loading. */
export function StatCard({
  label,
  value,
  icon: Icon,
  tone = 'primary',
  loading = false,
  className,
}: {
  label: string;
  value: ReactNode;
  icon?: LucideIcon;
  tone?: 'primary' | 'accent' | 'danger' | 'neutral';
  loading?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-(--radius-card) border border-line bg-surface p-3 shadow-xs sm:p-4',
        className,
      )}
    >
      {Icon ? (
        <span
          className={cn(
            'hidden size-10 shrink-0 items-center justify-center rounded-full sm:inline-flex',
            tone === 'primary' && 'bg-primary-50 text-primary-700',
            tone === 'accent' && 'bg-accent-50 text-accent-700',
            tone === 'danger' && 'bg-danger-soft text-danger',
            tone === 'neutral' && 'bg-sand text-ink',
          )}
          aria-hidden="true"
        >
          <Icon className="size-5" />
        </span>
      ) : null}
      <div className="min-w-0">
        <p className="text-xs font-medium text-muted sm:text-sm">{label}</p>
        {loading ? (
          <Skeleton className="mt-1 h-7 w-12" />
        ) : (
          <p className="text-2xl font-bold tabular-nums text-ink">{value}</p>
        )}
      </div>
    </div>
  );
}
