import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { StatCard } from './stat-card';

/** One counter of a row: its label, value, icon and colour. */
export type Stat = Pick<ComponentProps<typeof StatCard>, 'label' | 'value' | 'icon' | 'tone'>;

/**
 * A row of counter tiles that load together (a dashboard's or panel's counters). Three a row unless
 * `className` gives other columns (e.g. `grid-cols-2 lg:grid-cols-4`). When their load `failed`, the
 * tiles show a dash, not the zeros of an empty list.
 */
export function StatRow({
  stats,
  loading = false,
  failed = false,
  className = 'grid-cols-3',
}: {
  stats: readonly Stat[];
  loading?: boolean;
  failed?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-3', className)}>
      {stats.map((stat) => (
        <StatCard key={stat.label} {...stat} value={failed ? '–' : stat.value} loading={loading} />
      ))}
    </div>
  );
}
