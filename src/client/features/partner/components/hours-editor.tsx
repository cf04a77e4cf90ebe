import { zodResolver } from '@hookform/resolvers/zod';
import type { PartnerListing } from '@shared/contract/partner';
import { partnerWeekFormSchema } from '@shared/contract/partner-forms';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useUpdatePartnerSchedule } from '../api/update-partner-schedule';
import { frenchQuarterHourLabel, QUARTER_HOURS, toEditableWeek } from '../lib/hours';
import { useFormat, useT, useValidationText } from '@/lib/i18n/i18n';

const OPEN_OPTIONS = QUARTER_HOURS.filter((t) => t.value !== '24:00');
const CLOSE_OPTIONS = QUARTER_HOURS.filter((t) => t.value !== '00:00');

type WeekForm = z.input<typeof partnerWeekFormSchema>;
type ScheduleBody = z.output<typeof partnerWeekFormSchema>;

/** Weekly hours: seven days, open or closed, opening and closing on the quarter hour; Save. */
export function HoursEditor({ listing }: { listing: PartnerListing }) {
  const t = useT('partner');
  const { locale } = useFormat();
  const validationText = useValidationText();
  const timeLabel = (option: { value: string; label: string }) =>
    locale === 'en' ? option.label : frenchQuarterHourLabel(option.value);
  const save = useUpdatePartnerSchedule();
  const form = useForm<WeekForm, unknown, ScheduleBody>({
    resolver: zodResolver(partnerWeekFormSchema),
    defaultValues: { week: toEditableWeek(listing.schedule) },
  });
  const days = useFieldArray({ control: form.control, name: 'week' });
  const week = form.watch('week');
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (updated) => {
        form.reset({ week: toEditableWeek(updated.schedule) });
        notify('success', t('hours.saved'), t('hours.savedText'));
      },
      onError: (error) => notify('error', t('toast.saveFailed'), errorMessage(error, t('toast.tryAgain'))),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('hours.formLabel')} className="grid gap-4">
      <FormError message={validationText(errors.week?.root?.message ?? errors.week?.message ?? '') || null} />
      <FormError message={save.isError ? errorMessage(save.error, t('toast.tryAgain')) : null} />
      <ul className="grid gap-2">
        {days.fields.map((field, index) => {
          const d = week[index] ?? field;
          const problem = errors.week?.[index]?.closesAt?.message ?? errors.week?.[index]?.opensAt?.message;
          const switchId = `hours-${field.day}-open`;
          return (
            <li
              key={field.id}
              className="grid gap-2 rounded-xl border border-line bg-canvas p-3 sm:grid-cols-[10rem_1fr] sm:items-center"
            >
              <div className="flex min-h-11 items-center gap-3">
                <Controller
                  control={form.control}
                  name={`week.${index}.open`}
                  render={({ field: open }) => (
                    <Switch id={switchId} checked={open.value} onCheckedChange={open.onChange} />
                  )}
                />
                <Label htmlFor={switchId}>{t(`day.${field.day}` as 'day.0')}</Label>
              </div>
              {d.open ? (
                <div className="grid gap-1">
                  <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2">
                    <NativeSelect
                      aria-label={t('hours.opensAt', { day: t(`day.${field.day}` as 'day.0') })}
                      {...form.register(`week.${index}.opensAt`)}
                    >
                      {OPEN_OPTIONS.map((option) => (
                        <option key={option.value} value={option.value}>
                          {timeLabel(option)}
                        </option>
                      ))}
                    </NativeSelect>
                    <span className="text-sm text-muted">{t('hours.to')}</span>
                    <NativeSelect
                      aria-label={t('hours.closesAt', { day: t(`day.${field.day}` as 'day.0') })}
                      aria-invalid={problem ? true : undefined}
                      {...form.register(`week.${index}.closesAt`)}
                    >
                      {CLOSE_OPTIONS.map((option) => (
                        <option key={option.value} value={option.value}>
                          {timeLabel(option)}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                  {problem ? (
                    <p className="text-sm font-medium text-danger">{validationText(problem)}</p>
                  ) : null}
                </div>
              ) : (
                <p className="text-sm text-muted">{t('hours.closed')}</p>
              )}
            </li>
          );
        })}
      </ul>
      <Button type="submit" className="sm:justify-self-end" disabled={save.isPending}>
        {save.isPending ? t('saving') : t('hours.save')}
      </Button>
    </form>
  );
}
