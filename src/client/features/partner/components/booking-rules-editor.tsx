import { zodResolver } from '@hookform/resolvers/zod';
import {
  type PartnerBookingRules,
  type PartnerListing,
  partnerBookingRulesBodySchema,
} from '@shared/contract/partner';
import { CANCELLATION_POLICIES, POLICY_TEXT } from '@shared/domain/cancellation-policy';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useUpdateBookingRules } from '../api/booking-rules';

const NOTICE_HOURS = [0, 1, 2, 4, 8, 12, 24, 48, 72];
const BUFFER_MINUTES = [0, 15, 30, 45, 60, 90, 120];

const hours = (n: number) => (n === 0 ? 'No notice' : n === 1 ? '1 hour' : `${n} hours`);
const minutes = (n: number) =>
  n === 0 ? 'No buffer' : n < 60 ? `${n} minutes` : n === 60 ? '1 hour' : `${n / 60} hours`;

type RulesInput = z.input<typeof partnerBookingRulesBodySchema>;

/** Minimum notice, the buffer after each booking, and the cancellation policy for new bookings. */
export function BookingRulesEditor({ listing }: { listing: PartnerListing }) {
  const save = useUpdateBookingRules();
  const id = useId();
  const form = useForm<RulesInput, unknown, PartnerBookingRules>({
    resolver: zodResolver(partnerBookingRulesBodySchema),
    defaultValues: {
      minimumNoticeHours: listing.minimumNoticeHours,
      bufferMinutes: listing.bufferMinutes,
      cancellationPolicy: listing.cancellationPolicy,
    },
  });
  const { errors } = form.formState;
  // The stored values stay choosable even when they are not among the usual steps.
  const noticeOptions = [...new Set([...NOTICE_HOURS, listing.minimumNoticeHours])].sort((a, b) => a - b);
  const bufferOptions = [...new Set([...BUFFER_MINUTES, listing.bufferMinutes])].sort((a, b) => a - b);

  const onSubmit = form.handleSubmit((rules) =>
    save.mutate(rules, {
      onSuccess: (saved) => {
        form.reset({
          minimumNoticeHours: saved.minimumNoticeHours,
          bufferMinutes: saved.bufferMinutes,
          cancellationPolicy: saved.cancellationPolicy,
        });
        notify(
          'success',
          'Booking rules saved',
          rules.cancellationPolicy !== listing.cancellationPolicy
            ? 'The new policy applies to new bookings; existing bookings keep theirs.'
            : 'Customers see the change at once.',
        );
      },
      onError: (error) => notify('error', 'Save failed', errorMessage(error, 'Please try again.')),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Booking Rules" className="grid gap-5">
      <FormError message={save.isError ? errorMessage(save.error, 'Please try again.') : null} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Minimum notice"
          error={errors.minimumNoticeHours?.message}
          hint="No one can book a start sooner than this."
        >
          <NativeSelect {...form.register('minimumNoticeHours')}>
            {noticeOptions.map((n) => (
              <option key={n} value={n}>
                {hours(n)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label="Buffer after each booking"
          error={errors.bufferMinutes?.message}
          hint="Free time kept after a booking, to travel or tidy up."
        >
          <NativeSelect {...form.register('bufferMinutes')}>
            {bufferOptions.map((n) => (
              <option key={n} value={n}>
                {minutes(n)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
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
              value={p}
              {...form.register('cancellationPolicy')}
              id={`${id}-${p}`}
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
