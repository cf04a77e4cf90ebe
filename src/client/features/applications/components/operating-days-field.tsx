import { type ApplicationBody, type ApplicationInput, OPERATING_DAYS } from '@shared/contract/applications';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useT, useValidationText } from '@/lib/i18n/i18n';

/** Operating Days: one checkbox a day, with the field's error. */
export function OperatingDaysField({
  form,
}: {
  form: UseFormReturn<ApplicationBody, unknown, ApplicationInput>;
}) {
  const t = useT('applications');
  const validationText = useValidationText();
  const { errors } = form.formState;
  return (
    <fieldset className="grid gap-2" aria-describedby={errors.operatingDays ? 'reg-days-error' : undefined}>
      <legend className="mb-2 text-sm font-semibold text-ink">{t('days.label')}</legend>
      <Controller
        control={form.control}
        name="operatingDays"
        render={({ field }) => (
          <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
            {OPERATING_DAYS.map((day) => {
              const checked = (field.value ?? []).includes(day);
              return (
                <div key={day} className="flex min-h-11 items-center gap-3">
                  <Checkbox
                    id={`reg-day-${day}`}
                    checked={checked}
                    aria-invalid={errors.operatingDays ? true : undefined}
                    onCheckedChange={(next) => {
                      const current = field.value ?? [];
                      field.onChange(next === true ? [...current, day] : current.filter((d) => d !== day));
                    }}
                  />
                  <Label htmlFor={`reg-day-${day}`} className="font-normal">
                    {t(`days.${day}`)}
                  </Label>
                </div>
              );
            })}
          </div>
        )}
      />
      {errors.operatingDays ? (
        <p id="reg-days-error" className="text-sm font-medium text-danger">
          {validationText(errors.operatingDays.message ?? errors.operatingDays.root?.message ?? '')}
        </p>
      ) : null}
    </fieldset>
  );
}
