import { type TimeOff, timeOffBodySchema } from '@shared/contract/partner';
import { formatBookedTime, formatCalendarDay } from '@shared/domain/dates';
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

type TimeOffInput = z.input<typeof timeOffBodySchema>;

const day = formatCalendarDay;
const range = (entry: Pick<TimeOff, 'startDate' | 'endDate'>) =>
  entry.startDate === entry.endDate
    ? day(entry.startDate)
    : `${day(entry.startDate)} to ${day(entry.endDate)}`;

/**
 * Time off: whole days (Toronto dates) when nobody can book. Bookings already inside them are listed:
 * the partner cancels them from the Bookings tab or keeps them.
 */
export function TimeOffPanel() {
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
            'Time off added',
            entry.bookings.length > 0
              ? `${range(entry)} is closed. ${entry.bookings.length} existing ${entry.bookings.length === 1 ? 'booking stays' : 'bookings stay'}: cancel or keep ${entry.bookings.length === 1 ? 'it' : 'them'} from the Bookings tab.`
              : `${range(entry)} is closed to new bookings.`,
          );
        },
      },
    ),
  );

  return (
    <div className="grid gap-5">
      <form onSubmit={submit} noValidate aria-label="Add time off" className="grid gap-3">
        <FormError message={add.isError ? errorMessage(add.error, 'Please try again.') : null} />
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="First day" error={errors.startDate?.message}>
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
          <FormField label="Last day" error={errors.endDate?.message}>
            <Input type="date" min={startDate || today} {...form.register('endDate')} />
          </FormField>
        </div>
        <FormField label="Note for yourself (optional)" error={errors.reason?.message}>
          <Input maxLength={200} placeholder="Holiday, training, family..." {...form.register('reason')} />
        </FormField>
        <Button type="submit" className="sm:justify-self-end" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Time Off'}
        </Button>
      </form>

      {list.isPending ? (
        <Skeleton className="h-20 w-full rounded-xl" />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(list.error, 'Your time off could not be loaded.')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <CalendarOffIcon className="size-4" aria-hidden="true" />
          No time off planned.
        </p>
      ) : (
        <ul aria-label="Planned time off" className="grid gap-2">
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
                        notify('success', 'Time off removed', `${range(entry)} is open again.`),
                      onError: (error) =>
                        notify('error', 'Could not remove it', errorMessage(error, 'Please try again.')),
                    })
                  }
                  disabled={remove.isPending}
                  aria-label={`Remove time off ${range(entry)}`}
                >
                  <Trash2Icon aria-hidden="true" />
                  Remove
                </Button>
              </div>
              {entry.bookings.length > 0 ? (
                <div className="rounded-lg bg-accent-50 p-2 text-sm text-ink">
                  <p className="font-medium">
                    {entry.bookings.length === 1
                      ? 'A booking falls'
                      : `${entry.bookings.length} bookings fall`}{' '}
                    in these days:
                  </p>
                  <ul className="mt-1 grid gap-0.5">
                    {entry.bookings.map((b) => (
                      <li key={b.id}>
                        {b.serviceTitle} for {b.customerName}, {formatBookedTime(b.serviceDate)} (Ref.{' '}
                        {b.referenceNumber})
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
