import type { Slot } from '@shared/domain/slots';
import { CalendarDaysIcon, CalendarCheckIcon, ClockIcon, RefreshCwIcon } from 'lucide-react';
import { type Ref, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useAvailability } from '../api/get-availability';
import { bookingDays } from '../lib/date-strip';
import { useFormat, useT } from '@/lib/i18n/i18n';

export type Schedule = { date: string | null; slot: Slot | null };
export const EMPTY_SCHEDULE: Schedule = { date: null, slot: null };

const pill =
  'relative flex min-h-11 flex-col items-center justify-center rounded-xl border text-center transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:cursor-not-allowed disabled:border-line disabled:bg-sand/60 disabled:text-muted/70 disabled:line-through';
const pillIdle = 'border-line bg-surface text-ink hover:border-primary-300 hover:bg-primary-50';
const pillActive = 'border-primary-700 bg-primary-700 text-white shadow-sm';

/**
 * Choose Date (14 Toronto days from today) and Choose Time (the server's slots of that day).
 * Days without a free slot and slots that are past, held or booked are disabled.
 */
export function SchedulePicker({
  providerId,
  serviceId,
  value,
  onChange,
  headingLevel = 'h2',
  timeHeadingRef,
  movingBookingId,
}: {
  providerId: number;
  /** The service being booked: its length decides which starts are free. */
  serviceId?: number;
  /** Rescheduling this booking of the customer's: its current time does not block the new one. */
  movingBookingId?: number;
  value: Schedule;
  onChange: (next: Schedule) => void;
  headingLevel?: 'h2' | 'h3';
  /** The Choose Time heading (focusable from script), e.g. to lead the focus back when a time was taken. */
  timeHeadingRef?: Ref<HTMLHeadingElement>;
}) {
  const t = useT('booking');
  const format = useFormat();
  const availability = useAvailability(providerId, serviceId, movingBookingId);
  const days = useMemo(
    () => bookingDays(new Date(), availability.data, undefined, format.locale),
    [availability.data, format.locale],
  );
  // The customer's own hold at this provider, while it runs: "Held for you" with the minutes left.
  const yourHold = availability.data?.yourHold ?? null;
  const heldMinutes = useMinutesLeft(yourHold?.holdExpiresAt ?? null);
  // Another service may not fit at the chosen time: when the service changes, a chosen time that is
  // not free for it is let go. (Only then: after a hold, the customer's own time shows as taken.)
  const checkedFor = useRef(serviceId);
  useEffect(() => {
    if (checkedFor.current === serviceId || !availability.data || availability.isFetching) return;
    checkedFor.current = serviceId;
    if (!value.slot) return;
    const still = availability.data.days.flatMap((d) => d.slots).find((s) => s.start === value.slot?.start);
    if (!still?.available) onChange({ date: value.date, slot: null });
  }, [availability.data, availability.isFetching, serviceId, value, onChange]);
  const day = days.find((d) => d.date === value.date) ?? null;
  const Heading = headingLevel;
  const id = useId();

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <section aria-labelledby={`${id}-date`} className="min-w-0">
        <Heading id={`${id}-date`} className="flex items-center gap-2 text-lg font-semibold text-ink">
          <CalendarDaysIcon className="size-5 text-primary-700" aria-hidden="true" />
          {t('picker.chooseDate')}
        </Heading>
        {availability.isPending ? (
          <div
            className="mt-3 flex gap-2 overflow-hidden"
            role="status"
            aria-label={t('picker.loadingDates')}
          >
            {Array.from({ length: 7 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
              <Skeleton key={i} className="h-20 w-16 shrink-0 rounded-xl" />
            ))}
          </div>
        ) : availability.isError ? (
          <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-danger">
            {t('picker.loadError')}
            <Button variant="outline" size="sm" onClick={() => void availability.refetch()}>
              <RefreshCwIcon aria-hidden="true" />
              {t('picker.tryAgain')}
            </Button>
          </div>
        ) : (
          <ul className="-mx-1 mt-3 flex snap-x gap-2 overflow-x-auto px-1 pt-1 pb-2 sm:grid sm:grid-cols-7 sm:overflow-visible">
            {days.map((d) => {
              const active = d.date === value.date;
              return (
                <li key={d.date} className="snap-start">
                  <button
                    type="button"
                    disabled={!d.hasFreeSlot}
                    aria-pressed={active}
                    title={d.fullLabel}
                    onClick={() => onChange({ date: d.date, slot: null })}
                    className={cn(pill, 'h-20 w-16 sm:w-full', active ? pillActive : pillIdle)}
                  >
                    <span className="text-xs font-medium uppercase">{d.weekday}</span>{' '}
                    <span className="text-xl leading-tight font-bold">{d.day}</span>{' '}
                    <span className="text-xs">{d.month}</span>
                    {d.hasFreeSlot ? null : <span className="sr-only">, {t('picker.noTimes')}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${id}-time`} className="min-w-0">
        <Heading
          id={`${id}-time`}
          ref={timeHeadingRef}
          tabIndex={-1}
          className="flex items-center gap-2 rounded-md text-lg font-semibold text-ink focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
        >
          <ClockIcon className="size-5 text-primary-700" aria-hidden="true" />
          {t('picker.chooseTime')}{' '}
          <span className="text-sm font-medium text-muted">({t('picker.zone')})</span>
        </Heading>
        <p className="mt-1 text-sm text-muted">{t('picker.zoneHint')}</p>
        {day ? (
          <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4">
            {day.slots.map((slot) => {
              const active = slot.start === value.slot?.start;
              const heldForYou = heldMinutes !== null && slot.start === yourHold?.start;
              const label = format.locale === 'en' ? slot.label : format.clock(slot.start);
              return (
                <li key={slot.start}>
                  <button
                    type="button"
                    disabled={!slot.available}
                    aria-pressed={active}
                    data-held-for-you={heldForYou ? 'true' : undefined}
                    aria-label={[
                      `${label} ${t('picker.zone')}`,
                      slot.available ? null : t('picker.unavailable'),
                      heldForYou ? t('picker.heldAria', { minutes: heldMinutes ?? 0 }) : null,
                    ]
                      .filter(Boolean)
                      .join(', ')}
                    onClick={() => onChange({ date: day.date, slot })}
                    className={cn(pill, 'w-full px-2 text-sm font-semibold', active ? pillActive : pillIdle)}
                  >
                    {label}
                    {heldForYou ? (
                      <span className="block text-[11px] leading-tight font-medium">
                        {t('picker.held', { minutes: heldMinutes ?? 0 })}
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="mt-3 rounded-xl border border-dashed border-line p-4 text-sm text-muted">
            {t('picker.chooseDateFirst')}
          </p>
        )}
      </section>

      {value.slot ? <SelectedSchedule start={value.slot.start} /> : null}
    </div>
  );
}

/** The Selected Schedule box, once both a date and a time are chosen. */
export function SelectedSchedule({ start }: { start: string }) {
  const t = useT('booking');
  const format = useFormat();
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-primary-200 bg-primary-50 p-4 text-primary-900"
    >
      <CalendarCheckIcon className="mt-0.5 size-5 shrink-0 text-primary-700" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t('picker.selected')}</p>
        <p className="text-sm">{format.bookedTime(start)}</p>
      </div>
    </div>
  );
}

/** Finds a slot again by its day and label (a draft keeps `selectedDate` and `selectedTime` as text). */
export function findSlot(
  days: { date: string; slots: Slot[] }[],
  date?: string,
  label?: string,
): Slot | null {
  if (!date || !label) return null;
  return days.find((d) => d.date === date)?.slots.find((s) => s.label === label && s.available) ?? null;
}

/** Whole minutes until an instant (at least 1 while it is ahead), ticking every 15 seconds; null once past. */
function useMinutesLeft(until: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const left = Date.parse(until) - now;
  return left > 0 ? Math.max(1, Math.ceil(left / 60_000)) : null;
}
