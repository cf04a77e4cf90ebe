import { CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { useUnsubscribe } from '@/features/account/api/unsubscribe';
import { errorMessage } from '@/lib/errors';
import { useT } from '@/lib/i18n/i18n';

/**
 * /unsubscribe?token=...: the link at the foot of every promotional e-mail (CASL, docs/product.md §15).
 * It works signed out: opening it stops promotional e-mail at once, and the page says so.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const request = useUnsubscribe();
  const t = useT('account');
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
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t('link.failed')}</h1>
        <p className="text-ink">
          {token === '' ? t('link.incomplete') : errorMessage(request.error, t('common.tryAgain'))}
        </p>
        <p className="text-muted">{t('unsubscribe.alsoSettings')}</p>
      </div>
    );
  } else if (!request.isSuccess) {
    body = (
      <div role="status" aria-live="polite" className="grid justify-items-center gap-4 py-4">
        <span
          className="size-10 animate-spin rounded-full border-4 border-primary-100 border-t-primary-700 motion-reduce:animate-none"
          aria-hidden="true"
        />
        <p className="text-lg font-semibold text-ink">{t('unsubscribe.working')}</p>
      </div>
    );
  } else {
    body = (
      <div role="status" className="grid gap-3">
        <CheckCircle2Icon className="mx-auto size-14 text-primary-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t('unsubscribe.done')}</h1>
        <p className="text-ink">
          {request.data.email
            ? t('unsubscribe.doneFor', { email: request.data.email })
            : t('unsubscribe.doneYou')}
        </p>
        <p className="text-muted">{t('unsubscribe.stillArrive')}</p>
      </div>
    );
  }
  return (
    <div className="px-4 py-8 md:py-14">
      <PageMeta title={t('unsubscribe.title')} description={t('unsubscribe.description')} />
      <div className="mx-auto grid max-w-xl gap-6 rounded-(--radius-card) border border-line bg-surface p-6 text-center shadow-xs sm:p-10">
        {body}
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to="/settings">{t('link.toSettings')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">{t('link.home')}</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
