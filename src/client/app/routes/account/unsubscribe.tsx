import { CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { useUnsubscribe } from '@/features/account/api/unsubscribe';
import { errorMessage } from '@/lib/errors';

/**
 * /unsubscribe?token=...: the link at the foot of every promotional e-mail (CASL, docs/product.md §15).
 * It works signed out: opening it stops promotional e-mail at once, and the page says so.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const request = useUnsubscribe();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === '') return;
    sent.current = true;
    request.mutate(token);
  }, [token, request]);

  let body: React.ReactNode;
  if (token === '' || request.isError) {
    body = (
      <div role="alert" className="grid gap-3">
        <XCircleIcon className="mx-auto size-14 text-danger" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-ink">This link did not work</h1>
        <p className="text-ink">
          {token === ''
            ? 'The link is incomplete. Open it again from the e-mail, or copy the whole address.'
            : errorMessage(request.error, 'Please try again.')}
        </p>
        <p className="text-muted">
          You can also turn off Promotional Messages under Settings once signed in.
        </p>
      </div>
    );
  } else if (!request.isSuccess) {
    body = (
      <div role="status" aria-live="polite" className="grid justify-items-center gap-4 py-4">
        <span
          className="size-10 animate-spin rounded-full border-4 border-primary-100 border-t-primary-700 motion-reduce:animate-none"
          aria-hidden="true"
        />
        <p className="text-lg font-semibold text-ink">Unsubscribing...</p>
      </div>
    );
  } else {
    body = (
      <div role="status" className="grid gap-3">
        <CheckCircle2Icon className="mx-auto size-14 text-primary-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-ink">You are unsubscribed</h1>
        <p className="text-ink">
          {request.data.email
            ? `${request.data.email} will not receive promotional e-mails from Trillium any more.`
            : 'You will not receive promotional e-mails from Trillium any more.'}
        </p>
        <p className="text-muted">
          E-mails about your bookings and your account still arrive. To receive offers again, turn on
          Promotional Messages under Settings.
        </p>
      </div>
    );
  }
  return (
    <div className="px-4 py-8 md:py-14">
      <PageMeta title="Unsubscribe" description="Stop promotional e-mails from Trillium." />
      <div className="mx-auto grid max-w-xl gap-6 rounded-(--radius-card) border border-line bg-surface p-6 text-center shadow-xs sm:p-10">
        {body}
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to="/settings">Go to Settings</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
