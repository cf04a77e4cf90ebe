import type { ApplicationStatus } from '@shared/contract/admin';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/i18n';

const TONES: Record<ApplicationStatus, string> = {
  pending: 'bg-accent-50 text-accent-700 ring-1 ring-accent-200',
  clarification_needed: 'bg-sky-50 text-sky-800 ring-1 ring-sky-200',
  approved: 'bg-primary-50 text-primary-800 ring-1 ring-primary-200',
  rejected: 'bg-danger-soft text-danger ring-1 ring-danger/20',
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const t = useT('admin');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        TONES[status],
      )}
    >
      {t(`status.${status}`)}
    </span>
  );
}
