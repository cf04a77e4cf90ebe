import { sql } from 'drizzle-orm';
import { minutesToTime } from '../../../shared/domain/schedule';
import { DEFAULT_SERVICE_MINUTES } from '../../../shared/domain/slots';
import { type Executor, jsonValue, queryRows } from '../../db/client';

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
  const customerId = input.customerId ?? 0;
  const [row] = await queryRows<{
    timeZone: string;
    schedule: [number, number, number][] | string | null;
    busy: [number, number][] | string | null;
    yourHold:
      | { bookingId: number; start: string; serviceTitle: string; holdExpiresAt: string }
      | string
      | null;
    serviceMinutes: number | null;
    noticeHours: number;
    bufferMinutes: number;
    timeOff: [string, string][] | string | null;
  }>(
    db,
    sql`select p.time_zone as "timeZone", p.minimum_notice_hours as "noticeHours", p.buffer_minutes as "bufferMinutes",
      (select json_agg(json_build_array(t.start_date, t.end_date)) from provider_time_off t
        where t.provider_id = p.id and t.end_date >= ${from}::date - 1 and t.start_date <= ${to}::date) as "timeOff",
      (select json_agg(json_build_array(h.weekday, h.opens_at_minute, h.closes_at_minute) order by h.weekday)
        from provider_schedules h where h.provider_id = p.id) as schedule,
      (select json_agg(json_build_array(
          (extract(epoch from b.service_date) * 1000)::bigint, (extract(epoch from b.ends_at) * 1000)::bigint))
        from bookings b
        where b.provider_id = p.id and b.service_date < ${to} and b.ends_at > ${from}
          -- No booking lasts a day (services at most 12 hours, plus a buffer): the index range stops there.
          and b.service_date > ${new Date(from.getTime() - 86_400_000)}
          and (b.status in ('confirmed', 'completed') or (b.status = 'awaiting_payment' and b.hold_expires_at > ${now}
            and b.customer_id is distinct from ${customerId}))
          and (b.id <> ${input.movingBookingId ?? 0} or b.customer_id is distinct from ${customerId})) as busy,
      (select json_build_object('bookingId', b.id, 'start', b.service_date, 'serviceTitle', b.service_title,
          'holdExpiresAt', b.hold_expires_at)
        from bookings b where b.provider_id = p.id and b.customer_id = ${customerId}
          and b.status = 'awaiting_payment' and b.hold_expires_at > ${now}
        order by b.id desc limit 1) as "yourHold",
      ${
        input.serviceId === undefined
          ? sql`coalesce((select min(coalesce(s.duration_minutes, ${DEFAULT_SERVICE_MINUTES})) from provider_services s where s.provider_id = p.id), ${DEFAULT_SERVICE_MINUTES})`
          : sql`(select coalesce(s.duration_minutes, ${DEFAULT_SERVICE_MINUTES}) from provider_services s where s.provider_id = p.id and s.id = ${input.serviceId})`
      }::int as "serviceMinutes"
    from providers p where p.id = ${providerId} and p.is_active`,
  );
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
