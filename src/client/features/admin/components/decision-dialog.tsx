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

export type Decision = 'approved' | 'rejected' | 'clarification_needed';

const COPY: Record<
  Decision,
  { title: string; notesLabel: string; notesRequired: string | null; submit: string; done: string }
> = {
  approved: {
    title: 'Approve Application',
    notesLabel: 'Admin Notes (optional)',
    notesRequired: null,
    submit: 'Approve',
    done: 'approved: the listing is published and the applicant is now a partner',
  },
  rejected: {
    title: 'Reject Application',
    notesLabel: 'Reason for rejection',
    notesRequired: 'Please give a reason for the rejection.',
    submit: 'Reject',
    done: 'rejected, and the applicant was told why',
  },
  clarification_needed: {
    title: 'Ask for More Information',
    notesLabel: 'What extra information is needed?',
    notesRequired: 'Please say what extra information is needed.',
    submit: 'Send Request',
    done: 'marked Needs Info, and the applicant was asked',
  },
};

function CategoryField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const categories = useCategories();
  const failed = categories.isError;
  useEffect(() => {
    if (failed) notify('error', 'Failed to Load Categories', 'Please try again later.');
  }, [failed]);
  if (categories.isPending) {
    return (
      <p role="status" className="text-sm text-muted">
        Loading categories...
      </p>
    );
  }
  if (categories.isError) {
    return <FormError message="Error loading categories" />;
  }
  if (categories.data.length === 0) {
    return <p className="text-sm text-muted">No categories available</p>;
  }
  return (
    <FormField label="Category" error={error} hint="The listing is published in this category.">
      <NativeSelect value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Select a category</option>
        {categories.data.map((category) => (
          <option key={category.id} value={String(category.id)}>
            {category.name}
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
  const copy = COPY[decision];
  const decide = useDecideApplication();
  const formId = useId();
  const [notes, setNotes] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [errors, setErrors] = useState<{ notes?: string; category?: string }>({});

  const submit = () => {
    const next: typeof errors = {};
    if (decision === 'approved' && !categoryId) {
      next.category = 'Please select a category for approval.';
      notify('error', 'Category Required', 'Please select a category for approval.');
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
          notify('success', 'Application Updated', `${application.businessName} was ${copy.done}.`);
          onClose();
        },
        onError: (error) =>
          notify('error', 'Update Failed', errorMessage(error, 'Failed to update application')),
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
            The applicant has not verified their e-mail address yet, so approval will be refused until they
            do.
          </p>
        ) : null}
        <ApplicationExchange requests={application.requests} />
        {decision === 'approved' ? (
          <CategoryField value={categoryId} onChange={setCategoryId} error={errors.category} />
        ) : null}
        <FormField label={copy.notesLabel} error={errors.notes}>
          <Textarea className="min-h-24" value={notes} onChange={(event) => setNotes(event.target.value)} />
        </FormField>
        <FormError
          message={decide.isError ? errorMessage(decide.error, 'Failed to update application') : null}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={decide.isPending}
            className={decision === 'rejected' ? 'bg-danger text-white hover:bg-danger/90' : undefined}
          >
            {decide.isPending ? 'Saving...' : copy.submit}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
