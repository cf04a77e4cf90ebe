import { sql } from 'drizzle-orm';
import { minutesToTime } from '../../../shared/domain/schedule';
import { DEFAULT_SERVICE_MINUTES } from '../../../shared/domain/slots';
import { type Executor, jsonValue, preparedPer } from '../../db/client';

/**
 * What availability needs, in one round trip: the weekly hours, the time zone, how long the chosen
 * service lasts (`serviceId`; otherwise the provider's shortest service) and the busy ranges.
 * `serviceMinutes` is null when `serviceId` is not one of this provider's services.
 */
export async function findAvailabilityInputs(
  db: Executor,
  input: {
    providerId: number;
    serviceId?: number;
    from: Date;
    to: Date;
    now: Date;
    customerId?: number;
    /** The customer's own booking being rescheduled: its time does not count as busy for them. */
    movingBookingId?: number;
  },
) {
  const { providerId, from, to, now } = input;
  const [row] = await availabilityInputs(db).execute({
    providerId,
    serviceId: input.serviceId ?? null,
    from,
    to,
    // No booking lasts a day (services at most 12 hours, plus a buffer): the index range stops there.
    dayBefore: new Date(from.getTime() - 86_400_000),
    now,
    customerId: input.customerId ?? 0,
    movingBookingId: input.movingBookingId ?? 0,
  });
  if (!row) return undefined;
  const parse = <T>(value: T | string | null): T | null => (value === null ? null : jsonValue(value));
  return {
    timeZone: row.timeZone,
    schedule: (parse(row.schedule) ?? []).map(([day, opens, closes]) => ({
      day,
      opensAt: minutesToTime(opens),
      closesAt: minutesToTime(closes),
    })),
    serviceMinutes: row.serviceMinutes === null ? null : Number(row.serviceMinutes),
    busy: (parse(row.busy) ?? []).map(([start, end]) => ({ start: Number(start), end: Number(end) })),
    yourHold: parse(row.yourHold),
    noticeHours: Number(row.noticeHours),
    bufferMinutes: Number(row.bufferMinutes),
    timeOff: (parse(row.timeOff) ?? []).map(([start, end]) => ({
      startDate: String(start),
      endDate: String(end),
    })),
  };
}

// Prepared (db/client.ts, preparedPer): every date a customer looks at asks it, and PostgreSQL took
// three times longer to plan it (0.35-0.45 ms) than to run it (docs/decisions/008).
const availabilityInputs = preparedPer((db) => {
  const ph = sql.placeholder;
  const serviceId = sql`${ph('serviceId')}::int`;
  return db
    .select({
      timeZone: sql<string>`p.time_zone`,
      noticeHours: sql<number>`p.minimum_notice_hours`,
      bufferMinutes: sql<number>`p.buffer_minutes`,
      timeOff: sql<
        [string, string][] | string | null
      >`(select json_agg(json_build_array(t.start_date, t.end_date))
        from provider_time_off t
        where t.provider_id = p.id and t.end_date >= ${ph('from')}::date - 1 and t.start_date <= ${ph('to')}::date)`,
      schedule: sql<[number, number, number][] | string | null>`(
        select json_agg(json_build_array(h.weekday, h.opens_at_minute, h.closes_at_minute) order by h.weekday)
        from provider_schedules h where h.provider_id = p.id)`,
      // Milliseconds by date_part (double precision): extract() is numeric since PostgreSQL 14, and its
      // arithmetic took PGlite about 0.5 ms more for a provider with 100 bookings in the window.
      busy: sql<[number, number][] | string | null>`(select json_agg(json_build_array(
          (date_part('epoch', b.service_date) * 1000)::bigint, (date_part('epoch', b.ends_at) * 1000)::bigint))
        from bookings b
        where b.provider_id = p.id and b.service_date < ${ph('to')}::timestamptz
          and b.ends_at > ${ph('from')}::timestamptz and b.service_date > ${ph('dayBefore')}::timestamptz
          and (b.status in ('confirmed', 'completed', 'disputed') or (b.status = 'awaiting_payment'
            and b.hold_expires_at > ${ph('now')}::timestamptz and b.customer_id is distinct from ${ph('customerId')}::int))
          and (b.id <> ${ph('movingBookingId')}::int or b.customer_id is distinct from ${ph('customerId')}::int))`,
      yourHold: sql<
        { bookingId: number; start: string; serviceTitle: string; holdExpiresAt: string } | string | null
      >`(select json_build_object('bookingId', b.id, 'start', b.service_date, 'serviceTitle', b.service_title,
          'holdExpiresAt', b.hold_expires_at)
        from bookings b where b.provider_id = p.id and b.customer_id = ${ph('customerId')}::int
          and b.status = 'awaiting_payment' and b.hold_expires_at > ${ph('now')}::timestamptz
        order by b.id desc limit 1)`,
      // The chosen service's length, or (no service chosen) the provider's shortest.
      serviceMinutes: sql<number | null>`(case when ${serviceId} is null
        then coalesce((select min(coalesce(s.duration_minutes, ${DEFAULT_SERVICE_MINUTES}))
          from provider_services s where s.provider_id = p.id), ${DEFAULT_SERVICE_MINUTES})
        else (select coalesce(s.duration_minutes, ${DEFAULT_SERVICE_MINUTES}) from provider_services s
          where s.provider_id = p.id and s.id = ${serviceId})
        end)::int`,
    })
    .from(sql`providers p`)
    .where(sql`p.id = ${ph('providerId')}::int and p.is_active`)
    .prepare('availability_inputs');
});
