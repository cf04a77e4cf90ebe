import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheckIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useForgotPassword } from '../api/forgot-password';
import { errorMessage } from '@/lib/errors';
import { type ForgotPasswordValues, forgotPasswordFormSchema } from '../lib/form-schemas';
import { useT } from '@/lib/i18n/i18n';

/** Asks for an e-mail and sends the reset link; the same answer for any address ("Reset Link Sent!"). */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
  defaultEmail = '',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail?: string;
}) {
  const t = useT('auth');
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors } = form.formState;
  const { reset } = form;
  const resetMutation = forgot.reset;

  // Every opening starts afresh, prefilled with what was typed in the login form.
  useEffect(() => {
    if (open) {
      reset({ email: defaultEmail });
      resetMutation();
    }
  }, [open, defaultEmail, reset, resetMutation]);

  const onSubmit = form.handleSubmit((values) => forgot.mutate(values));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={forgot.isSuccess ? t('forgot.sent') : t('forgot.title')}
        description={forgot.isSuccess ? undefined : t('forgot.description')}
      >
        {forgot.isSuccess ? (
          <div className="grid gap-4 text-center">
            <MailCheckIcon className="mx-auto size-12 text-primary-600" aria-hidden="true" />
            <p className="text-muted">{t('forgot.sentText')}</p>
            <DialogClose asChild>
              <Button size="lg">{t('forgot.done')}</Button>
            </DialogClose>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('forgot.formLabel')}>
            <FormError message={forgot.isError ? errorMessage(forgot.error, t('forgot.failed')) : null} />
            <FormField label={t('field.email')} error={errors.email?.message}>
              <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
            </FormField>
            <Button type="submit" size="lg" disabled={forgot.isPending}>
              {forgot.isPending ? t('forgot.sending') : t('forgot.send')}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
