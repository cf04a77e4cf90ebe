import { CheckCircle2Icon, ClockIcon, LayoutDashboardIcon, MailIcon, XCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useVerifyEmail } from '../api/verify-email';
import { useT } from '@/lib/i18n/i18n';
import { RichText } from '@/lib/i18n/rich-text';

/** docs/product.md §14: the server's message, else the generic failure, or a network error. */
export function verificationErrorMessage(
  error: unknown,
  text = { failed: 'Email verification failed', network: 'Network error - please try again later.' },
): string {
  if (isApiError(error)) return error.serverMessage ?? text.failed;
  if (error instanceof TypeError) return text.network;
  return text.failed;
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
  const t = useT('applications');
  const verification = useVerifyEmail(token, email);

  if (token === '' || verification.isError) {
    const message =
      token === ''
        ? t('verify.missingToken')
        : verificationErrorMessage(verification.error, {
            failed: t('verify.failedText'),
            network: t('verify.network'),
          });
    return (
      <Frame>
        <XCircleIcon className="mx-auto size-16 text-danger" aria-hidden="true" />
        <div role="alert">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('verify.failed')}</h1>
          <p className="mt-2 text-ink">{message}</p>
        </div>
        <div className="rounded-lg bg-canvas p-4 text-left">
          <h2 className="text-sm font-semibold text-ink">{t('verify.causes')}</h2>
          <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm text-muted">
            <li>{t('verify.cause1')}</li>
            <li>{t('verify.cause2')}</li>
            <li>{t('verify.cause3')}</li>
          </ul>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to="/register-professional">{t('verify.newApplication')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">{t('backHome')}</Link>
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
          <p className="text-lg font-semibold text-ink">{t('verify.verifying')}</p>
        </div>
      </Frame>
    );
  }

  return (
    <Frame>
      <CheckCircle2Icon className="mx-auto size-16 text-primary-700" aria-hidden="true" />
      <div role="status">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {verification.data.alreadyVerified ? t('verify.already') : t('verify.done')}
        </h1>
        <p className="mt-2 text-muted">
          <RichText
            ns="applications"
            k="verify.thanks"
            values={{ name: verification.data.businessName }}
            components={[<span key="name" className="font-semibold text-ink" />]}
          />
        </p>
      </div>
      <div className="text-left">
        <h2 className="text-base font-semibold text-ink">{t('verify.next')}</h2>
        <ul className="mt-3 grid gap-3 text-sm text-ink">
          <li className="flex items-start gap-3 rounded-lg bg-canvas p-3">
            <ClockIcon className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
            {t('verify.step1')}
          </li>
          <li className="flex items-start gap-3 rounded-lg bg-canvas p-3">
            <MailIcon className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
            {t('verify.step2')}
          </li>
          <li className="flex items-start gap-3 rounded-lg bg-canvas p-3">
            <LayoutDashboardIcon className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
            {t('verify.step3')}
          </li>
        </ul>
      </div>
      <Button asChild variant="outline">
        <Link to="/">{t('backHome')}</Link>
      </Button>
    </Frame>
  );
}
