import type { PartnerStatus } from '@shared/contract/partner';
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
import { useFormat, useT } from '@/lib/i18n/i18n';

type Application = NonNullable<PartnerStatus['application']>;

/**
 * /partner-dashboard for someone whose application is not approved: where it stands and what comes
 * next, and, when the admins asked for more information, the question and a form to answer it.
 */
export function ApplicationStatus({ application }: { application: Application }) {
  const t = useT('partner');
  const format = useFormat();
  const waiting = application.requests.filter((r) => r.answeredAt === null);
  const submitted = format.bookedTime(application.submittedAt);
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10">
      <PageMeta title={t('application.metaTitle')} description={t('application.metaDescription')} />
      <header>
        <p className="text-sm font-semibold text-primary-700">{application.businessName}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {application.status === 'clarification_needed'
            ? t('application.moreInfo')
            : application.status === 'rejected'
              ? t('application.rejected')
              : t('application.inReview')}
        </h1>
        <p className="mt-2 text-muted">
          {t('application.submitted', {
            date: format.locale === 'en' ? submitted.replace(/ at .*/, '') : submitted.replace(/, \d.*$/, ''),
          })}
        </p>
      </header>

      {application.status === 'pending' ? (
        <section className="flex gap-3 rounded-(--radius-card) border border-line bg-surface p-5">
          <HourglassIcon className="size-6 shrink-0 text-primary-700" aria-hidden="true" />
          <div className="text-ink">
            {application.emailVerified ? (
              <p>{t('application.reviewTime')}</p>
            ) : (
              <p>{t('application.confirmEmail')}</p>
            )}
          </div>
        </section>
      ) : null}

      {application.status === 'rejected' ? (
        <section className="flex gap-3 rounded-(--radius-card) border border-danger/30 bg-danger-soft p-5">
          <XCircleIcon className="size-6 shrink-0 text-danger" aria-hidden="true" />
          <div className="text-ink">
            <p className="font-semibold">{t('application.reason')}</p>
            <p className="mt-1">{application.reason ?? t('application.noReason')}</p>
            <p className="mt-3 text-sm">
              {t('application.applyAgain')}{' '}
              <Link to="/register-professional" className="font-semibold text-primary-700 underline">
                {t('application.newApplication')}
              </Link>
            </p>
          </div>
        </section>
      ) : null}

      {application.requests.length > 0 ? (
        <section aria-labelledby="exchange" className="grid gap-3">
          <h2 id="exchange" className="flex items-center gap-2 text-lg font-semibold text-ink">
            <ClipboardListIcon className="size-5 text-primary-700" aria-hidden="true" />
            {t('application.asked')}
          </h2>
          <ol className="grid gap-3">
            {application.requests.map((request) => (
              <li key={request.askedAt} className="rounded-(--radius-card) border border-line bg-surface p-4">
                <p className="text-sm text-muted">{format.bookedTime(request.askedAt)}</p>
                <p className="mt-1 text-ink">{request.needed}</p>
                {request.answer ? (
                  <div className="mt-3 rounded-lg bg-canvas p-3">
                    <p className="flex items-center gap-1.5 text-sm font-semibold text-ink">
                      <MessageSquareIcon className="size-4" aria-hidden="true" />
                      {t('application.yourAnswer')}
                    </p>
                    <p className="mt-1 text-ink">{request.answer}</p>
                    {request.documents.length > 0 ? (
                      <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
                        <FileTextIcon className="size-4" aria-hidden="true" />
                        {t('application.documentsSent', { count: request.documents.length })}
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
  const t = useT('partner');
  const id = useId();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadFiles();
  const reply = useReplyToApplication();
  const busy = upload.isPending || reply.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (message.trim().length < 10) return setProblem(t('application.answerTooShort'));
    setProblem(null);
    try {
      const documents =
        files.length > 0 ? (await upload.mutateAsync({ kind: 'document', files })).filenames : [];
      await reply.mutateAsync({ message: message.trim(), documents });
      notify('success', t('application.answerSent'), t('application.answerSentText'));
    } catch (error) {
      setProblem(errorMessage(error, t('application.answerFailed')));
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-(--radius-card) border border-line bg-surface p-5"
      noValidate
    >
      <h2 className="text-lg font-semibold text-ink">{t('application.yourAnswer')}</h2>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-message`}>{t('application.message')}</Label>
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
        <Label htmlFor={`${id}-files`}>{t('application.moreDocuments')}</Label>
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
        {busy ? t('application.sending') : t('application.send')}
      </Button>
    </form>
  );
}
