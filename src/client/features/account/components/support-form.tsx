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
import { useT } from '@/lib/i18n/i18n';

const EMPTY: SupportFormValues = { subject: '', category: '', message: '' };

/** Contact Us: subject, category and message; stored and e-mailed to support (docs/product.md §10). */
export function SupportForm() {
  const contact = useContactSupport();
  const t = useT('account');
  const form = useForm<SupportFormValues>({ resolver: zodResolver(supportFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    contact.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        showToast('success', t('support.submitted'), { description: t('support.backSoon') });
      },
      onError: (error) =>
        showToast('error', t('support.failed'), {
          description: errorMessage(error, t('common.tryAgain')),
        }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('support.formLabel')}>
      <FormError message={contact.isError ? errorMessage(contact.error, t('support.failed')) : null} />
      {contact.isSuccess ? (
        <p role="status" className="rounded-lg bg-primary-50 px-3 py-2.5 text-sm text-primary-800">
          {t('support.submittedText')}
        </p>
      ) : null}
      <FormField label={t('support.subject')} error={errors.subject?.message}>
        <Input {...form.register('subject')} />
      </FormField>
      <FormField label={t('support.category')} error={errors.category?.message}>
        <NativeSelect {...form.register('category')}>
          <option value="">{t('support.selectCategory')}</option>
          {SUPPORT_CATEGORIES.map((category) => (
            <option key={category.value} value={category.value}>
              {t(`support.category.${category.value}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={t('support.message')} error={errors.message?.message} hint={t('support.messageHint')}>
        <Textarea rows={6} {...form.register('message')} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={contact.isPending} className="w-full sm:w-auto">
          {contact.isPending ? t('support.submitting') : t('support.submit')}
        </Button>
      </div>
    </form>
  );
}
