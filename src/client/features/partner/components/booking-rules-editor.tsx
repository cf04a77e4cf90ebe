import { zodResolver } from '@hookform/resolvers/zod';
import {
  type PartnerBookingRules,
  type PartnerListing,
  partnerBookingRulesBodySchema,
} from '@shared/contract/partner';
import { CANCELLATION_POLICIES } from '@shared/domain/cancellation-policy';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useUpdateBookingRules } from '../api/booking-rules';
import { useT } from '@/lib/i18n/i18n';

const NOTICE_HOURS = [0, 1, 2, 4, 8, 12, 24, 48, 72];
const BUFFER_MINUTES = [0, 15, 30, 45, 60, 90, 120];

type RulesInput = z.input<typeof partnerBookingRulesBodySchema>;

/** Minimum notice, the buffer after each booking, and the cancellation policy for new bookings. */
export function BookingRulesEditor({ listing }: { listing: PartnerListing }) {
  const t = useT('partner');
  const policyT = useT('policy');
  const hours = (n: number) => (n === 0 ? t('rules.noNotice') : t('rules.hours', { count: n }));
  const minutes = (n: number) =>
    n === 0
      ? t('rules.noBuffer')
      : n < 60
        ? t('rules.minutes', { count: n })
        : t('rules.hours', { count: n / 60 });
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
          t('rules.saved'),
          rules.cancellationPolicy !== listing.cancellationPolicy
            ? t('rules.savedNewPolicy')
            : t('rules.savedText'),
        );
      },
      onError: (error) => notify('error', t('toast.saveFailed'), errorMessage(error, t('toast.tryAgain'))),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('rules.formLabel')} className="grid gap-5">
      <FormError message={save.isError ? errorMessage(save.error, t('toast.tryAgain')) : null} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('rules.notice')}
          error={errors.minimumNoticeHours?.message}
          hint={t('rules.noticeHint')}
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
          label={t('rules.buffer')}
          error={errors.bufferMinutes?.message}
          hint={t('rules.bufferHint')}
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
        <legend className="mb-1 text-sm font-medium text-ink">{policyT('policy.title')}</legend>
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
              <span className="font-semibold text-ink">{policyT(`policy.${p}.name`)}</span>
              <span className="block text-sm text-muted">{policyT(`policy.${p}.summary`)}</span>
            </span>
          </label>
        ))}
        <p className="text-xs text-muted">{t('rules.policyNote')}</p>
      </fieldset>
      <Button type="submit" className="sm:justify-self-end" disabled={save.isPending}>
        {save.isPending ? t('saving') : t('rules.save')}
      </Button>
    </form>
  );
}
