import type { PartnerListing } from '@shared/contract/partner';
import {
  CANCELLATION_POLICIES,
  type CancellationPolicy,
  POLICY_TEXT,
} from '@shared/domain/cancellation-policy';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useUpdateBookingRules } from '../api/booking-rules';

const NOTICE_HOURS = [0, 1, 2, 4, 8, 12, 24, 48, 72];
const BUFFER_MINUTES = [0, 15, 30, 45, 60, 90, 120];

const hours = (n: number) => (n === 0 ? 'No notice' : n === 1 ? '1 hour' : `${n} hours`);
const minutes = (n: number) =>
  n === 0 ? 'No buffer' : n < 60 ? `${n} minutes` : n === 60 ? '1 hour' : `${n / 60} hours`;

/** Minimum notice, the buffer after each booking, and the cancellation policy for new bookings. */
export function BookingRulesEditor({ listing }: { listing: PartnerListing }) {
  const save = useUpdateBookingRules();
  const [notice, setNotice] = useState(listing.minimumNoticeHours);
  const [buffer, setBuffer] = useState(listing.bufferMinutes);
  const [policy, setPolicy] = useState<CancellationPolicy>(listing.cancellationPolicy);
  const id = useId();
  // The stored values stay choosable even when they are not among the usual steps.
  const noticeOptions = [...new Set([...NOTICE_HOURS, listing.minimumNoticeHours])].sort((a, b) => a - b);
  const bufferOptions = [...new Set([...BUFFER_MINUTES, listing.bufferMinutes])].sort((a, b) => a - b);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { minimumNoticeHours: notice, bufferMinutes: buffer, cancellationPolicy: policy },
      {
        onSuccess: () =>
          notify(
            'success',
            'Booking rules saved',
            policy !== listing.cancellationPolicy
              ? 'The new policy applies to new bookings; existing bookings keep theirs.'
              : 'Customers see the change at once.',
          ),
        onError: (error) => notify('error', 'Save failed', errorMessage(error, 'Please try again.')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Booking Rules" className="grid gap-5">
      <FormError message={save.isError ? errorMessage(save.error, 'Please try again.') : null} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-notice`}>Minimum notice</Label>
          <NativeSelect
            id={`${id}-notice`}
            value={notice}
            onChange={(e) => setNotice(Number(e.target.value))}
          >
            {noticeOptions.map((n) => (
              <option key={n} value={n}>
                {hours(n)}
              </option>
            ))}
          </NativeSelect>
          <p className="text-xs text-muted">No one can book a start sooner than this.</p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-buffer`}>Buffer after each booking</Label>
          <NativeSelect
            id={`${id}-buffer`}
            value={buffer}
            onChange={(e) => setBuffer(Number(e.target.value))}
          >
            {bufferOptions.map((n) => (
              <option key={n} value={n}>
                {minutes(n)}
              </option>
            ))}
          </NativeSelect>
          <p className="text-xs text-muted">Free time kept after a booking, to travel or tidy up.</p>
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-ink">Cancellation policy</legend>
        {CANCELLATION_POLICIES.map((p) => (
          <label
            key={p}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-canvas p-3 has-[:checked]:border-primary-700 has-[:checked]:bg-primary-50"
          >
            <input
              type="radio"
              name={`${id}-policy`}
              value={p}
              checked={policy === p}
              onChange={() => setPolicy(p)}
              className="mt-1 size-4 accent-primary-700"
            />
            <span>
              <span className="font-semibold text-ink">{POLICY_TEXT[p].name}</span>
              <span className="block text-sm text-muted">{POLICY_TEXT[p].summary}</span>
            </span>
          </label>
        ))}
        <p className="text-xs text-muted">
          Existing bookings keep the policy they were paid under. If you cancel, the customer is always
          refunded in full.
        </p>
      </fieldset>
      <Button type="submit" className="sm:justify-self-end" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Booking Rules'}
      </Button>
    </form>
  );
}
