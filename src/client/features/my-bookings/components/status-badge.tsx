import { cn } from '@/lib/cn';
import { statusBadge, TONE_CLASSES } from '../lib/booking-status';

export function BookingStatusBadge({ status, className }: { status: string; className?: string }) {
  const badge = statusBadge(status);
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        TONE_CLASSES[badge.tone],
        className,
      )}
    >
      {badge.label}
    </span>
  );
}
