import type { Preferences } from '@shared/contract/account';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { FormError } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';
import { useT } from '@/lib/i18n/i18n';

/** +14165550100 as 416-555-0100; any other number as it is. */
const formatPhone = (e164: string) =>
  /^\+1\d{10}$/.test(e164) ? `${e164.slice(2, 5)}-${e164.slice(5, 8)}-${e164.slice(8)}` : e164;

/** The three toggles; their names and descriptions are the `account` catalog's `prefs.<key>(Hint)`. */
const TOGGLES = ['email', 'sms', 'promotional'] as const satisfies readonly (keyof Preferences)[];

/** Three toggles loaded from and saved to the account (GET/PUT /api/user/preferences). */
export function NotificationSettings() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const t = useT('account');

  if (preferences.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label={t('prefs.loading')}>
        {TOGGLES.map((key) => (
          <Skeleton key={key} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (preferences.isError) {
    return <FormError message={errorMessage(preferences.error, t('prefs.loadFailed'))} />;
  }

  const { textsStopped, textsUnreachable, ...current } = preferences.data;
  const change = (key: keyof Preferences, value: boolean) =>
    update.mutate(
      { ...current, [key]: value },
      {
        onSuccess: () => showToast('success', t('prefs.saved')),
        onError: (error) =>
          showToast('error', t('common.updateFailed'), {
            description: errorMessage(error, t('common.tryAgain')),
          }),
      },
    );

  return (
    <ul className="grid divide-y divide-line">
      {TOGGLES.map((key) => {
        const id = `preference-${key}`;
        return (
          <li
            key={key}
            className="flex min-h-14 items-center justify-between gap-4 py-3 first:pt-0 last:pb-0"
          >
            <div>
              <label htmlFor={id} className="font-semibold text-ink">
                {t(`prefs.${key}`)}
              </label>
              <p id={`${id}-description`} className="text-sm text-muted">
                {t(`prefs.${key}Hint`)}
                {key === 'sms' && textsStopped ? (
                  <span className="mt-1 block text-ink">
                    {t('prefs.textsStopped', {
                      phone: formatPhone(textsStopped.phone),
                      replyTo: formatPhone(textsStopped.replyTo),
                    })}
                  </span>
                ) : null}
                {key === 'sms' && textsUnreachable ? (
                  <span className="mt-1 block text-ink">
                    {t('prefs.textsUnreachable', { phone: textsUnreachable.phone })}
                  </span>
                ) : null}
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
