import { CheckCircle2Icon, ShieldAlertIcon, XCircleIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { useEmailChangeLink } from '@/features/account/api/email-change';
import { errorMessage } from '@/lib/errors';
import { useT } from '@/lib/i18n/i18n';

/**
 * /account/email-change/confirm and /account/email-change/revert: the two links of an e-mail change.
 * The token is sent once when the page opens; the answer says what happened.
 */
function EmailChangeLink({ kind }: { kind: 'confirm' | 'revert' }) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const link = useEmailChangeLink(kind);
  const t = useT('account');
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === '') return;
    sent.current = true;
    link.mutate(token);
  }, [token, link]);

  const title = kind === 'confirm' ? t('emailLink.confirmTitle') : t('emailLink.revertTitle');
  let body: React.ReactNode;
  if (token === '' || link.isError) {
    body = (
      <div role="alert" className="grid gap-3">
        <XCircleIcon className="mx-auto size-14 text-danger" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t('link.failed')}</h1>
        <p className="text-ink">
          {token === '' ? t('link.incomplete') : errorMessage(link.error, t('common.tryAgain'))}
        </p>
      </div>
    );
  } else if (!link.isSuccess) {
    body = (
      <div role="status" aria-live="polite" className="grid justify-items-center gap-4 py-4">
        <span
          className="size-10 animate-spin rounded-full border-4 border-primary-100 border-t-primary-700 motion-reduce:animate-none"
          aria-hidden="true"
        />
        <p className="text-lg font-semibold text-ink">
          {kind === 'confirm' ? t('emailLink.confirming') : t('emailLink.securing')}
        </p>
      </div>
    );
  } else if (kind === 'confirm') {
    body = (
      <div role="status" className="grid gap-3">
        <CheckCircle2Icon className="mx-auto size-14 text-primary-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t('emailLink.changed')}</h1>
        <p className="text-ink">{t('emailLink.nowUses', { email: link.data.email })}</p>
      </div>
    );
  } else {
    body = (
      <div role="status" className="grid gap-3">
        <ShieldAlertIcon className="mx-auto size-14 text-primary-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t('emailLink.reverted')}</h1>
        <p className="text-ink">{link.data.message}</p>
      </div>
    );
  }
  return (
    <div className="px-4 py-8 md:py-14">
      <PageMeta title={title} description={t('emailLink.description')} />
      <div className="mx-auto grid max-w-xl gap-6 rounded-(--radius-card) border border-line bg-surface p-6 text-center shadow-xs sm:p-10">
        {body}
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to={kind === 'revert' && link.isSuccess ? '/auth' : '/settings'}>
              {kind === 'revert' && link.isSuccess ? t('emailLink.signIn') : t('link.toSettings')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">{t('link.home')}</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}

export const ConfirmEmailChangePage = () => <EmailChangeLink kind="confirm" />;
export const RevertEmailChangePage = () => <EmailChangeLink kind="revert" />;
