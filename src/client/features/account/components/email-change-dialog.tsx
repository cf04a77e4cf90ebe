import { zodResolver } from '@hookform/resolvers/zod';
import { type EmailChangeBody, emailChangeBodySchema } from '@shared/contract/account';
import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage } from '@/lib/errors';
import { useRequestEmailChange } from '../api/email-change';
import { useT } from '@/lib/i18n/i18n';
import { RichText } from '@/lib/i18n/rich-text';

/**
 * Change e-mail: the new address and the current password. Nothing changes until the link sent to the
 * new address is opened; the current address is told, with a way to stop it.
 */
export function EmailChangeDialog({
  currentEmail,
  open,
  onOpenChange,
}: {
  currentEmail: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const request = useRequestEmailChange();
  const t = useT('account');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<EmailChangeBody>({
    resolver: zodResolver(emailChangeBodySchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const { errors } = form.formState;
  const close = (next: boolean) => {
    if (!next) {
      form.reset();
      request.reset();
      setSentTo(null);
    }
    onOpenChange(next);
  };
  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, { onSuccess: (pending) => setSentTo(pending.pendingEmail) }),
  );
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={t('emailChange.title')}
        description={t('emailChange.uses', { email: currentEmail })}
      >
        {sentTo ? (
          <div role="status" className="grid gap-4">
            <p className="flex items-start gap-3 rounded-lg bg-primary-50 p-3 text-sm text-primary-900">
              <MailCheckIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <span>
                <RichText
                  ns="account"
                  k="emailChange.sent"
                  values={{ pending: sentTo, email: currentEmail }}
                  components={[<strong key="pending" />]}
                />
              </span>
            </p>
            <Button onClick={() => close(false)} className="sm:justify-self-end">
              {t('emailChange.done')}
            </Button>
          </div>
        ) : (
          <form
            // The dialog is portalled, but React events still bubble to the profile form around it.
            onSubmit={(event) => {
              event.stopPropagation();
              void onSubmit(event);
            }}
            noValidate
            className="grid gap-4"
            aria-label={t('emailChange.title')}
          >
            <FormError message={request.isError ? errorMessage(request.error, t('common.tryAgain')) : null} />
            <FormField label={t('emailChange.new')} error={errors.newEmail?.message}>
              <Input type="email" autoComplete="email" inputMode="email" {...form.register('newEmail')} />
            </FormField>
            <FormField label={t('emailChange.password')} error={errors.currentPassword?.message}>
              <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
            </FormField>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button
                type="button"
                variant="outline"
                onClick={() => close(false)}
                disabled={request.isPending}
              >
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={request.isPending}>
                {request.isPending ? t('emailChange.sending') : t('emailChange.send')}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
