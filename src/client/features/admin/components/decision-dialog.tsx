import type { AdminApplication } from '@shared/contract/admin';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { useCategories } from '@/features/catalog';
import { notify } from '@/lib/toast';
import { useDecideApplication } from '../api/decide-application';
import { ApplicationExchange } from './application-exchange';
import { useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';

export type Decision = 'approved' | 'rejected' | 'clarification_needed';

type Copy = { title: string; notesLabel: string; notesRequired: string | null; submit: string; done: string };

/** Each decision's texts, in the page's language. */
function useCopy(decision: Decision, businessName: string): Copy {
  const t = useT('admin');
  switch (decision) {
    case 'approved':
      return {
        title: t('decide.approved.title'),
        notesLabel: t('decide.approved.notes'),
        notesRequired: null,
        submit: t('decision.approve'),
        done: t('decide.approved.done', { name: businessName }),
      };
    case 'rejected':
      return {
        title: t('decide.rejected.title'),
        notesLabel: t('decide.rejected.notes'),
        notesRequired: t('decide.rejected.required'),
        submit: t('decision.reject'),
        done: t('decide.rejected.done', { name: businessName }),
      };
    default:
      return {
        title: t('decide.info.title'),
        notesLabel: t('decide.info.notes'),
        notesRequired: t('decide.info.required'),
        submit: t('decide.info.submit'),
        done: t('decide.info.done', { name: businessName }),
      };
  }
}

function CategoryField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const t = useT('admin');
  const categoryName = useCategoryName();
  const categories = useCategories();
  const failed = categories.isError;
  useEffect(() => {
    if (failed) notify('error', t('categories.loadFailed'), t('tryLater'));
  }, [failed, t]);
  if (categories.isPending) {
    return (
      <p role="status" className="text-sm text-muted">
        {t('categories.loading')}
      </p>
    );
  }
  if (categories.isError) {
    return <FormError message={t('categories.error')} />;
  }
  if (categories.data.length === 0) {
    return <p className="text-sm text-muted">{t('categories.none')}</p>;
  }
  return (
    <FormField label={t('categories.label')} error={error} hint={t('categories.hint')}>
      <NativeSelect value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('categories.select')}</option>
        {categories.data.map((category) => (
          <option key={category.id} value={String(category.id)}>
            {categoryName(category.slug, category.name)}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/** The decision dialog: the questions asked so far and their answers, admin notes and, to approve, a required category. */
export function DecisionDialog({
  application,
  decision,
  onClose,
}: {
  application: AdminApplication | null;
  decision: Decision;
  onClose: () => void;
}) {
  const open = application !== null;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      {application ? (
        <DecisionForm
          key={`${application.id}-${decision}`}
          application={application}
          decision={decision}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function DecisionForm({
  application,
  decision,
  onClose,
}: {
  application: AdminApplication;
  decision: Decision;
  onClose: () => void;
}) {
  const t = useT('admin');
  const copy = useCopy(decision, application.businessName);
  const decide = useDecideApplication();
  const formId = useId();
  const [notes, setNotes] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [errors, setErrors] = useState<{ notes?: string; category?: string }>({});

  const submit = () => {
    const next: typeof errors = {};
    if (decision === 'approved' && !categoryId) {
      next.category = t('categories.required');
      notify('error', t('categories.requiredTitle'), t('categories.required'));
    }
    if (copy.notesRequired && notes.trim() === '') next.notes = copy.notesRequired;
    setErrors(next);
    if (next.category || next.notes) return;
    decide.mutate(
      {
        id: application.id,
        body: {
          status: decision,
          adminNotes: notes.trim() || null,
          ...(decision === 'approved' ? { categoryId: Number(categoryId) } : {}),
        },
      },
      {
        onSuccess: () => {
          notify('success', t('decide.updated'), copy.done);
          onClose();
        },
        onError: (error) =>
          notify('error', t('decide.updateFailed'), errorMessage(error, t('decide.failed'))),
      },
    );
  };

  return (
    <DialogContent title={copy.title} description={`${application.businessName}, ${application.fullName}`}>
      <form
        id={formId}
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {decision === 'approved' && !application.emailVerified ? (
          <p className="rounded-lg border border-accent-200 bg-accent-50 p-3 text-sm text-ink">
            {t('decide.notVerified')}
          </p>
        ) : null}
        <ApplicationExchange requests={application.requests} />
        {decision === 'approved' ? (
          <CategoryField value={categoryId} onChange={setCategoryId} error={errors.category} />
        ) : null}
        <FormField label={copy.notesLabel} error={errors.notes}>
          <Textarea className="min-h-24" value={notes} onChange={(event) => setNotes(event.target.value)} />
        </FormField>
        <FormError message={decide.isError ? errorMessage(decide.error, t('decide.failed')) : null} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={decide.isPending}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            disabled={decide.isPending}
            className={decision === 'rejected' ? 'bg-danger text-white hover:bg-danger/90' : undefined}
          >
            {decide.isPending ? t('saving') : copy.submit}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
