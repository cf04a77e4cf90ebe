import { useSearchParams } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { VerifyEmailView } from '@/features/applications/components/verify-email-view';
import { useT } from '@/lib/i18n/i18n';

/** /verify-email and /email-verified: the link from the application e-mail lands here. */
export function VerifyEmailPage() {
  const t = useT('applications');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  return (
    <div className="px-4 py-8 md:py-14 lg:px-6">
      <PageMeta title={t('verify.pageTitle')} description={t('verify.pageDescription')} />
      <VerifyEmailView token={token} email={email} />
    </div>
  );
}
