import type { PartnerStatus } from '@shared/contract/partner';
import { formatBookedTime } from '@shared/domain/dates';
import { ClipboardListIcon, FileTextIcon, HourglassIcon, MessageSquareIcon, XCircleIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useUploadFiles } from '@/features/applications/uploads';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useReplyToApplication } from '../api/reply-to-application';

type Application = NonNullable<PartnerStatus['application']>;

const META = {
  title: 'Your application',
  description: 'Where your Trillium professional application stands.',
};

/**
 * /partner-dashboard for someone whose application is not approved: where it stands and what comes
 * next, and, when the admins asked for more information, the question and a form to answer it.
 */
export function ApplicationStatus({ application }: { application: Application }) {
  const waiting = application.requests.filter((r) => r.answeredAt === null);
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10">
      <PageMeta {...META} />
      <header>
        <p className="text-sm font-semibold text-primary-700">{application.businessName}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {application.status === 'clarification_needed'
            ? 'We need a little more information'
            : application.status === 'rejected'
              ? 'Your application was not approved'
              : 'Your application is in review'}
        </h1>
        <p className="mt-2 text-muted">
          Submitted {formatBookedTime(application.submittedAt).replace(/ at .*/, '')}.
        </p>
      </header>

      {application.status === 'pending' ? (
        <section className="flex gap-3 rounded-(--radius-card) border border-line bg-surface p-5">
          <HourglassIcon className="size-6 shrink-0 text-primary-700" aria-hidden="true" />
          <div className="text-ink">
            {application.emailVerified ? (
              <p>Our team reviews applications within 24-48 hours. We e-mail you the result.</p>
            ) : (
              <p>
                First, confirm your e-mail address with the link we sent you: we review an application once
                its address is verified.
              </p>
            )}
          </div>
        </section>
      ) : null}

      {application.status === 'rejected' ? (
        <section className="flex gap-3 rounded-(--radius-card) border border-danger/30 bg-danger-soft p-5">
          <XCircleIcon className="size-6 shrink-0 text-danger" aria-hidden="true" />
          <div className="text-ink">
            <p className="font-semibold">The reason we gave</p>
            <p className="mt-1">{application.reason ?? 'No reason was recorded.'}</p>
            <p className="mt-3 text-sm">
              You can apply again once you have what was missing.{' '}
              <Link to="/register-professional" className="font-semibold text-primary-700 underline">
                Submit a new application
              </Link>
            </p>
          </div>
        </section>
      ) : null}

      {application.requests.length > 0 ? (
        <section aria-labelledby="exchange" className="grid gap-3">
          <h2 id="exchange" className="flex items-center gap-2 text-lg font-semibold text-ink">
            <ClipboardListIcon className="size-5 text-primary-700" aria-hidden="true" />
            What we asked
          </h2>
          <ol className="grid gap-3">
            {application.requests.map((request) => (
              <li key={request.askedAt} className="rounded-(--radius-card) border border-line bg-surface p-4">
                <p className="text-sm text-muted">{formatBookedTime(request.askedAt)}</p>
                <p className="mt-1 text-ink">{request.needed}</p>
                {request.answer ? (
                  <div className="mt-3 rounded-lg bg-canvas p-3">
                    <p className="flex items-center gap-1.5 text-sm font-semibold text-ink">
                      <MessageSquareIcon className="size-4" aria-hidden="true" />
                      Your answer
                    </p>
                    <p className="mt-1 text-ink">{request.answer}</p>
                    {request.documents.length > 0 ? (
                      <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
                        <FileTextIcon className="size-4" aria-hidden="true" />
                        {request.documents.length} document{request.documents.length === 1 ? '' : 's'} sent
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {application.status === 'clarification_needed' && waiting.length > 0 ? <ReplyForm /> : null}
    </div>
  );
}

function ReplyForm() {
  const id = useId();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadFiles();
  const reply = useReplyToApplication();
  const busy = upload.isPending || reply.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (message.trim().length < 10) return setProblem('Your answer must be at least 10 characters');
    setProblem(null);
    try {
      const documents =
        files.length > 0 ? (await upload.mutateAsync({ kind: 'document', files })).filenames : [];
      await reply.mutateAsync({ message: message.trim(), documents });
      notify('success', 'Answer sent', 'Your application is back in review. We e-mail you the result.');
    } catch (error) {
      setProblem(errorMessage(error, 'Your answer could not be sent. Please try again.'));
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-(--radius-card) border border-line bg-surface p-5"
      noValidate
    >
      <h2 className="text-lg font-semibold text-ink">Your answer</h2>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea
          id={`${id}-message`}
          required
          minLength={10}
          maxLength={2000}
          className="min-h-28"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-files`}>More documents (optional: PDF, JPG, PNG, DOC, DOCX, 10 MB each)</Label>
        <input
          id={`${id}-files`}
          type="file"
          multiple
          accept=".pdf,.jpg,.jpeg,.png,.doc,.docx"
          className="text-sm text-ink file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-canvas file:px-4 file:font-semibold"
          onChange={(event) => setFiles([...(event.target.files ?? [])])}
        />
      </div>
      <FormError message={problem} />
      <Button type="submit" busy={busy} className="sm:justify-self-start">
        {busy ? 'Sending...' : 'Send answer'}
      </Button>
    </form>
  );
}
