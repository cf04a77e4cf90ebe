import { z } from 'zod';
import { DELIVERY_PLACES } from '../domain/delivery';
import { partnerScheduleBodySchema, partnerServicesBodySchema, QUARTER_HOUR, toMinutes } from './partner';

/**
 * The partner dashboard's forms whose values are not the request body as typed (weekly hours, service
 * rows): each form schema's output *is* the body, checked by the body's own rules, so the screen and
 * the server can never disagree (docs/decisions/006-boundaries.md).
 */

/** A form's last step: its values parsed by the request body's schema, whose issues keep their paths. */
function parsedBy<T extends z.ZodType>(schema: T) {
  return (value: unknown, ctx: z.RefinementCtx): z.output<T> => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  };
}

/**
 * The Weekly Hours form: all seven days as the editor holds them (open or closed, Monday first). Closed
 * days keep their times unchecked; open days follow the schedule body's rules, and the form's output is
 * that body, so the screen and the server can never disagree.
 */
export const partnerWeekFormSchema = z
  .object({
    week: z.array(
      z.object({
        day: z.number().int().min(0).max(6),
        name: z.string(),
        open: z.boolean(),
        opensAt: z.string(),
        closesAt: z.string(),
      }),
    ),
  })
  .superRefine((form, ctx) => {
    form.week.forEach((d, index) => {
      if (!d.open) return;
      for (const field of ['opensAt', 'closesAt'] as const) {
        if (!QUARTER_HOUR.test(d[field]))
          ctx.addIssue({
            code: 'custom',
            message: 'Times look like 09:00, on the quarter hour',
            path: ['week', index, field],
          });
      }
      if (toMinutes(d.opensAt) >= toMinutes(d.closesAt))
        ctx.addIssue({
          code: 'custom',
          message: 'Opening time must be before closing time',
          path: ['week', index, 'closesAt'],
        });
    });
    if (!form.week.some((d) => d.open))
      ctx.addIssue({ code: 'custom', message: 'Keep at least one open day', path: ['week'] });
  })
  .transform((form) => ({
    schedule: form.week
      .filter((d) => d.open)
      .map(({ day, opensAt, closesAt }) => ({ day, opensAt, closesAt }))
      .sort((a, b) => a.day - b.day),
  }))
  .transform(parsedBy(partnerScheduleBodySchema));

/**
 * The Services form: each row as typed (a price may carry `$` or `,`, a blank duration is none), checked
 * by the services body's own rules; its output is that body.
 */
export const partnerServicesFormSchema = z
  .object({
    services: z.array(
      z.object({
        id: z.number().nullable(),
        name: z.string(),
        price: z.string(),
        description: z.string(),
        durationMinutes: z.string(),
        deliveredAt: z.enum(DELIVERY_PLACES),
      }),
    ),
  })
  .transform((form) => ({
    services: form.services.map((row) => {
      const price = row.price.replace(/[$,\s]/g, '');
      return {
        id: row.id,
        deliveredAt: row.deliveredAt,
        name: row.name,
        price: price === '' ? undefined : price,
        description: row.description,
        durationMinutes: row.durationMinutes.trim() === '' ? null : row.durationMinutes.trim(),
      };
    }),
  }))
  .transform(parsedBy(partnerServicesBodySchema));
