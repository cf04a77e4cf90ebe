import type { PartnerListing } from '@shared/contract/partner';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useUpdatePartnerSchedule } from '../api/update-partner-schedule';
import {
  type EditableDay,
  fromEditableWeek,
  QUARTER_HOURS,
  toEditableWeek,
  updateDay,
  weekProblems,
} from '../lib/hours';

const OPEN_OPTIONS = QUARTER_HOURS.filter((t) => t.value !== '24:00');
const CLOSE_OPTIONS = QUARTER_HOURS.filter((t) => t.value !== '00:00');

/** Weekly hours: seven days, open or closed, opening and closing on the quarter hour; Save. */
export function HoursEditor({ listing }: { listing: PartnerListing }) {
  const save = useUpdatePartnerSchedule();
  const [week, setWeek] = useState<EditableDay[]>(() => toEditableWeek(listing.schedule));
  const [showProblems, setShowProblems] = useState(false);
  const problems = weekProblems(week);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowProblems(true);
    if (problems.week || problems.days.size > 0) return;
    save.mutate(
      { schedule: fromEditableWeek(week) },
      {
        onSuccess: (updated) => {
          setWeek(toEditableWeek(updated.schedule));
          setShowProblems(false);
          notify('success', 'Hours saved', 'Customers can book the new times now.');
        },
        onError: (error) => notify('error', 'Save failed', errorMessage(error, 'Please try again.')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Weekly Hours" className="grid gap-4">
      <FormError message={showProblems ? problems.week : null} />
      <FormError message={save.isError ? errorMessage(save.error, 'Please try again.') : null} />
      <ul className="grid gap-2">
        {week.map((d) => {
          const problem = showProblems ? problems.days.get(d.day) : undefined;
          const switchId = `hours-${d.day}-open`;
          return (
            <li
              key={d.day}
              className="grid gap-2 rounded-xl border border-line bg-canvas p-3 sm:grid-cols-[10rem_1fr] sm:items-center"
            >
              <div className="flex min-h-11 items-center gap-3">
                <Switch
                  id={switchId}
                  checked={d.open}
                  onCheckedChange={(open) => setWeek((w) => updateDay(w, d.day, { open }))}
                />
                <Label htmlFor={switchId}>{d.name}</Label>
              </div>
              {d.open ? (
                <div className="grid gap-1">
                  <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2">
                    <NativeSelect
                      aria-label={`${d.name} opens at`}
                      value={d.opensAt}
                      onChange={(e) => setWeek((w) => updateDay(w, d.day, { opensAt: e.target.value }))}
                    >
                      {OPEN_OPTIONS.map((t) => (
                        <option key={t.value} value={t.value}>
                          {t.label}
                        </option>
                      ))}
                    </NativeSelect>
                    <span className="text-sm text-muted">to</span>
                    <NativeSelect
                      aria-label={`${d.name} closes at`}
                      aria-invalid={problem ? true : undefined}
                      value={d.closesAt}
                      onChange={(e) => setWeek((w) => updateDay(w, d.day, { closesAt: e.target.value }))}
                    >
                      {CLOSE_OPTIONS.map((t) => (
                        <option key={t.value} value={t.value}>
                          {t.label}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                  {problem ? <p className="text-sm font-medium text-danger">{problem}</p> : null}
                </div>
              ) : (
                <p className="text-sm text-muted">Closed</p>
              )}
            </li>
          );
        })}
      </ul>
      <Button type="submit" className="sm:justify-self-end" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Hours'}
      </Button>
    </form>
  );
}
