import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useSendTestEmail } from '../api/send-test-email';
import { type TestEmailFormValues, testEmailFormSchema } from '../lib/form-schemas';
import { useT } from '@/lib/i18n/i18n';

/** Admins only: sends a test e-mail through the outbox. */
export function TestEmailForm() {
  const send = useSendTestEmail();
  const t = useT('account');
  const form = useForm<TestEmailFormValues>({
    resolver: zodResolver(testEmailFormSchema),
    defaultValues: { email: '', name: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    (values) =>
      send.mutate(values, {
        onSuccess: (answer) => showToast('success', t('test.sent'), { description: answer.message }),
        onError: (error) =>
          showToast('error', t('test.failed'), {
            description: errorMessage(error, t('common.tryAgain')),
          }),
      }),
    () => showToast('error', t('test.missing'), { description: t('test.missingText') }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('test.formLabel')}>
      <FormError message={send.isError ? errorMessage(send.error, t('test.failed')) : null} />
      {send.isSuccess ? (
        <p role="status" className="rounded-lg bg-primary-50 px-3 py-2.5 text-sm text-primary-800">
          {send.data.message}
        </p>
      ) : null}
      <FormField label={t('test.email')} error={errors.email?.message}>
        <Input type="email" autoComplete="off" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label={t('test.name')} error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? t('test.sending') : t('test.send')}
      </Button>
    </form>
  );
}
