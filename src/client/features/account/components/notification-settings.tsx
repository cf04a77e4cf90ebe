import type { Preferences } from '@shared/contract/account';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { FormError } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';

const TOGGLES: { key: keyof Preferences; label: string; description: string }[] = [
  {
    key: 'email',
    label: 'Email Notifications',
    description: 'Booking confirmations, reminders and receipts.',
  },
  { key: 'sms', label: 'SMS Notifications', description: 'Text messages about upcoming appointments.' },
  {
    key: 'promotional',
    label: 'Promotional Messages',
    description:
      "Occasional e-mails about Trillium's offers and promotions. Off until you turn it on; every one has a one-click unsubscribe link, and we keep a record of when you turned this on or off.",
  },
];

/** Three toggles loaded from and saved to the account (GET/PUT /api/user/preferences). */
export function NotificationSettings() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();

  if (preferences.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading notification settings">
        {TOGGLES.map((toggle) => (
          <Skeleton key={toggle.key} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <FormError message={errorMessage(preferences.error, 'Could not load your notification settings.')} />
    );
  }

  const current = preferences.data;
  const change = (key: keyof Preferences, value: boolean) =>
    update.mutate(
      { ...current, [key]: value },
      {
        onSuccess: () => showToast('success', 'Notification settings saved'),
        onError: (error) =>
          showToast('error', 'Update failed', { description: errorMessage(error, 'Please try again.') }),
      },
    );

  return (
    <ul className="grid divide-y divide-line">
      {TOGGLES.map(({ key, label, description }) => {
        const id = `preference-${key}`;
        return (
          <li
            key={key}
            className="flex min-h-14 items-center justify-between gap-4 py-3 first:pt-0 last:pb-0"
          >
            <div>
              <label htmlFor={id} className="font-semibold text-ink">
                {label}
              </label>
              <p id={`${id}-description`} className="text-sm text-muted">
                {description}
              </p>
            </div>
            <Switch
              id={id}
              checked={current[key]}
              onCheckedChange={(value) => change(key, value)}
              disabled={update.isPending}
              aria-describedby={`${id}-description`}
            />
          </li>
        );
      })}
    </ul>
  );
}
