import { PageMeta } from '@/components/layout/page-meta';
import { AuthMarketingPanel } from '@/features/auth/components/auth-marketing-panel';
import { AuthPanel } from '@/features/auth/components/auth-panel';
import { useT } from '@/lib/i18n/i18n';

/** /auth: login, sign up and reset password, with the marketing panel beside (below on phones). */
export function AuthPage() {
  const t = useT('auth');
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:py-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,0.9fr)] lg:items-start lg:px-6">
      <PageMeta title={t('page.title')} description={t('page.description')} />
      <div className="mx-auto w-full max-w-lg">
        <AuthPanel />
      </div>
      <AuthMarketingPanel />
    </div>
  );
}
