import { type TimeOff, timeOffBodySchema } from '@shared/contract/partner';
import { torontoDate } from '@shared/domain/time';
import { CalendarOffIcon, Trash2Icon } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useAddTimeOff, useRemoveTimeOff, useTimeOff } from '../api/booking-rules';
import { useFormat, useT } from '@/lib/i18n/i18n';

type TimeOffInput = z.input<typeof timeOffBodySchema>;

/**
 * Time off: whole days (Toronto dates) when nobody can book. Bookings already inside them are listed:
 * the partner cancels them from the Bookings tab or keeps them.
 */
export function TimeOffPanel() {
  const t = useT('partner');
  const format = useFormat();
  const range = (entry: Pick<TimeOff, 'startDate' | 'endDate'>) =>
    entry.startDate === entry.endDate
      ? format.calendarDay(entry.startDate)
      : t('timeOff.range', {
          first: format.calendarDay(entry.startDate),
          last: format.calendarDay(entry.endDate),
        });
  const list = useTimeOff();
  const add = useAddTimeOff();
  const remove = useRemoveTimeOff();
  const today = torontoDate(new Date());
  const form = useForm<TimeOffInput>({
    resolver: zodResolver(timeOffBodySchema),
    defaultValues: { startDate: today, endDate: today, reason: '' },
  });
  const { errors } = form.formState;
  const startDate = form.watch('startDate');

  const submit = form.handleSubmit((values) =>
    add.mutate(
      { startDate: values.startDate, endDate: values.endDate, reason: values.reason?.trim() || undefined },
      {
        onSuccess: (entry) => {
          form.setValue('reason', '');
          notify(
            'success',
            t('timeOff.added'),
            entry.bookings.length > 0
              ? t('timeOff.addedWithBookings', { range: range(entry), count: entry.bookings.length })
              : t('timeOff.addedText', { range: range(entry) }),
          );
        },
      },
    ),
  );

  return (
    <div className="grid gap-5">
      <form onSubmit={submit} noValidate aria-label={t('timeOff.formLabel')} className="grid gap-3">
        <FormError message={add.isError ? errorMessage(add.error, t('toast.tryAgain')) : null} />
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={t('timeOff.first')} error={errors.startDate?.message}>
            <Input
              type="date"
              min={today}
              {...form.register('startDate', {
                onChange: (event) => {
                  if (form.getValues('endDate') < event.target.value)
                    form.setValue('endDate', event.target.value);
                },
              })}
            />
          </FormField>
          <FormField label={t('timeOff.last')} error={errors.endDate?.message}>
            <Input type="date" min={startDate || today} {...form.register('endDate')} />
          </FormField>
        </div>
        <FormField label={t('timeOff.note')} error={errors.reason?.message}>
          <Input maxLength={200} placeholder={t('timeOff.notePlaceholder')} {...form.register('reason')} />
        </FormField>
        <Button type="submit" className="sm:justify-self-end" disabled={add.isPending}>
          {add.isPending ? t('timeOff.adding') : t('timeOff.add')}
        </Button>
      </form>

      {list.isPending ? (
        <Skeleton className="h-20 w-full rounded-xl" />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(list.error, t('timeOff.loadFailed'))}
        </p>
      ) : list.data.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <CalendarOffIcon className="size-4" aria-hidden="true" />
          {t('timeOff.none')}
        </p>
      ) : (
        <ul aria-label={t('timeOff.planned')} className="grid gap-2">
          {list.data.map((entry) => (
            <li key={entry.id} className="grid gap-2 rounded-xl border border-line bg-canvas p-3">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <p className="font-semibold text-ink">{range(entry)}</p>
                  {entry.reason ? <p className="text-sm text-muted">{entry.reason}</p> : null}
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    remove.mutate(entry.id, {
                      onSuccess: () =>
                        notify(
                          'success',
                          t('timeOff.removed'),
                          t('timeOff.removedText', { range: range(entry) }),
                        ),
                      onError: (error) =>
                        notify('error', t('timeOff.removeFailed'), errorMessage(error, t('toast.tryAgain'))),
                    })
                  }
                  disabled={remove.isPending}
                  aria-label={t('timeOff.remove', { range: range(entry) })}
                >
                  <Trash2Icon aria-hidden="true" />
                  {t('remove')}
                </Button>
              </div>
              {entry.bookings.length > 0 ? (
                <div className="rounded-lg bg-accent-50 p-2 text-sm text-ink">
                  <p className="font-medium">{t('timeOff.bookingsFall', { count: entry.bookings.length })}</p>
                  <ul className="mt-1 grid gap-0.5">
                    {entry.bookings.map((b) => (
                      <li key={b.id}>
                        {t('timeOff.booking', {
                          service: b.serviceTitle,
                          customer: b.customerName,
                          time: format.bookedTime(b.serviceDate),
                          reference: b.referenceNumber,
                        })}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
