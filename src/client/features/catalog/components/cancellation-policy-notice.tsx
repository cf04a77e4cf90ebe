import type { CancellationPolicy } from '@shared/domain/cancellation-policy';
import { useT } from '@/lib/i18n/i18n';
import { ShieldCheckIcon } from 'lucide-react';
import { useId } from 'react';

/**
 * A provider's cancellation policy as the provider and service pages show it before anyone books
 * (docs/product.md §9): its name and steps, when a refund is always full, and the minimum notice.
 */
export function CancellationPolicyNotice({
  policy,
  minimumNoticeHours,
}: {
  policy: CancellationPolicy;
  minimumNoticeHours: number;
}) {
  const policyT = useT('policy');
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-(--radius-card) border border-line bg-surface p-5"
      data-cancellation-policy={policy}
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-ink">
        <ShieldCheckIcon className="size-5 text-primary-700" aria-hidden="true" />
        {policyT('policy.title')}
      </h2>
      <div className="mt-2 text-ink">
        <p>
          <span className="font-semibold">{policyT(`policy.${policy}.name`)}.</span>{' '}
          {policyT(`policy.${policy}.summary`)}
        </p>
        <p className="mt-1 text-sm text-muted">{policyT('policy.alwaysFull')}</p>
        {minimumNoticeHours > 0 ? (
          <p className="mt-1 text-sm text-muted">{policyT('policy.notice', { hours: minimumNoticeHours })}</p>
        ) : null}
      </div>
    </section>
  );
}
