import { CheckCircle2Icon, ClockIcon, LayoutDashboardIcon, MailIcon, XCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useVerifyEmail } from '../api/verify-email';

const MISSING_TOKEN = 'Invalid verification link - missing token.';

/** docs/product.md §14: the server's message, else the generic failure, or a network error. */
export function verificationErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? 'Email verification failed';
  if (error instanceof TypeError) return 'Network error - please try again later.';
  return 'Email verification failed';
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-xl gap-6 rounded-(--radius-card) border border-line bg-surface p-6 text-center shadow-xs sm:p-10">
      {children}
    </div>
  );
}

/** /verify-email and /email-verified: loading, then success or error (spec: e-mail verification screen). */
export function VerifyEmailView({ token, email }: { token: string; email: string }) {
  const verification = useVerifyEmail(token, email);

  if (token === '' || verification.isError) {
    const message = token === '' ? MISSING_TOKEN : verificationErrorMessage(verification.error);
    return (
      <Frame>
        <XCircleIcon className="mx-auto size-16 text-danger" aria-hidden="true" />
        <div role="alert">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Verification Failed</h1>
          <p className="mt-2 text-ink">{message}</p>
        </div>
        <div className="rounded-lg bg-canvas p-4 text-left">
          <h2 className="text-sm font-semibold text-ink">Possible causes</h2>
          <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm text-muted">
            <li>The link has expired: verification links are valid for 24 hours.</li>
            <li>The link has already been used.</li>
            <li>A technical issue on our side.</li>
          </ul>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to="/register-professional">Submit New Application</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
        </div>
      </Frame>
    );
  }

  if (verification.isPending) {
    return (
      <Frame>
        <div role="status" aria-live="polite" className="grid justify-items-center gap-4 py-6">
          <span
            className="size-10 animate-spin rounded-full border-4 border-primary-100 border-t-primary-700 motion-reduce:animate-none"
            aria-hidden="true"
          />
          <p className="text-lg font-semibold text-ink">Verifying your e-mail address...</p>
        </div>
      </Frame>
    );
  }

  return (
    <Frame>
      <CheckCircle2Icon className="mx-auto size-16 text-primary-700" aria-hidden="true" />
      <div role="status">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {verification.data.alreadyVerified
            ? 'Your e-mail is already verified'
            : 'Email Verified Successfully!'}
        </h1>
        <p className="mt-2 text-muted">
          Thank you for confirming the e-mail address of{' '}
          <span className="font-semibold text-ink">{verification.data.businessName}</span>.
        </p>
      </div>
      <div className="text-left">
        <h2 className="text-base font-semibold text-ink">Next steps</h2>
        <ul className="mt-3 grid gap-3 text-sm text-ink">
          <li className="flex items-start gap-3 rounded-lg bg-canvas p-3">
            <ClockIcon className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
            Our team reviews your application within 24-48 hours.
          </li>
          <li className="flex items-start gap-3 rounded-lg bg-canvas p-3">
            <MailIcon className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
            You'll receive an e-mail with the result.
          </li>
          <li className="flex items-start gap-3 rounded-lg bg-canvas p-3">
            <LayoutDashboardIcon className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
            Once approved, you can sign in and use your partner dashboard.
          </li>
        </ul>
      </div>
      <Button asChild variant="outline">
        <Link to="/">Back to Home</Link>
      </Button>
    </Frame>
  );
}
