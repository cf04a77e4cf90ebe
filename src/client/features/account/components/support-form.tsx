import { SUPPORT_CATEGORIES } from '@shared/contract/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useContactSupport } from '../api/contact-support';
import { type SupportFormValues, supportFormSchema } from '../lib/form-schemas';

const EMPTY: SupportFormValues = { subject: '', category: '', message: '' };

/** Contact Us: subject, category and message; stored and e-mailed to support (docs/product.md §10). */
export function SupportForm() {
  const contact = useContactSupport();
  const form = useForm<SupportFormValues>({ resolver: zodResolver(supportFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    contact.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        showToast('success', 'Support request submitted!', {
          description: "We'll get back to you within 24 hours.",
        });
      },
      onError: (error) =>
        showToast('error', 'Failed to submit request', {
          description: errorMessage(error, 'Please try again.'),
        }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Contact Us">
      <FormError message={contact.isError ? errorMessage(contact.error, 'Failed to submit request') : null} />
      {contact.isSuccess ? (
        <p role="status" className="rounded-lg bg-primary-50 px-3 py-2.5 text-sm text-primary-800">
          Support request submitted! We'll get back to you within 24 hours.
        </p>
      ) : null}
      <FormField label="Subject" error={errors.subject?.message}>
        <Input {...form.register('subject')} />
      </FormField>
      <FormField label="Category" error={errors.category?.message}>
        <NativeSelect {...form.register('category')}>
          <option value="">Select a category</option>
          {SUPPORT_CATEGORIES.map((category) => (
            <option key={category.value} value={category.value}>
              {category.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Message" error={errors.message?.message} hint="At least 20 characters.">
        <Textarea rows={6} {...form.register('message')} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={contact.isPending} className="w-full sm:w-auto">
          {contact.isPending ? 'Submitting...' : 'Submit Request'}
        </Button>
      </div>
    </form>
  );
}
