import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useSendTestEmail } from '../api/send-test-email';
import { type TestEmailFormValues, testEmailFormSchema } from '../lib/form-schemas';

/** Admins only: sends a test e-mail through the outbox. */
export function TestEmailForm() {
  const send = useSendTestEmail();
  const form = useForm<TestEmailFormValues>({
    resolver: zodResolver(testEmailFormSchema),
    defaultValues: { email: '', name: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    (values) =>
      send.mutate(values, {
        onSuccess: (answer) => showToast('success', 'Test email sent', { description: answer.message }),
        onError: (error) =>
          showToast('error', 'Failed to send test email', {
            description: errorMessage(error, 'Please try again.'),
          }),
      }),
    () => showToast('error', 'Missing information', { description: 'Please provide both email and name' }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Send a test email">
      <FormError message={send.isError ? errorMessage(send.error, 'Failed to send test email') : null} />
      {send.isSuccess ? (
        <p role="status" className="rounded-lg bg-primary-50 px-3 py-2.5 text-sm text-primary-800">
          {send.data.message}
        </p>
      ) : null}
      <FormField label="Recipient Email" error={errors.email?.message}>
        <Input type="email" autoComplete="off" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label="Recipient Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Test Email'}
      </Button>
    </form>
  );
}
