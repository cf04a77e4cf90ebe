import { ALWAYS_FULL_REFUND, type CancellationPolicy, POLICY_TEXT } from '@shared/domain/cancellation-policy';
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
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-(--radius-card) border border-line bg-surface p-5"
      data-cancellation-policy={policy}
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-ink">
        <ShieldCheckIcon className="size-5 text-primary-700" aria-hidden="true" />
        Cancellation policy
      </h2>
      <div className="mt-2 text-ink">
        <p>
          <span className="font-semibold">{POLICY_TEXT[policy].name}.</span> {POLICY_TEXT[policy].summary}
        </p>
        <p className="mt-1 text-sm text-muted">{ALWAYS_FULL_REFUND}</p>
        {minimumNoticeHours > 0 ? (
          <p className="mt-1 text-sm text-muted">
            Book at least {minimumNoticeHours} {minimumNoticeHours === 1 ? 'hour' : 'hours'} ahead.
          </p>
        ) : null}
      </div>
    </section>
  );
}
