import { PageMeta } from '@/components/layout/page-meta';
import { AuthMarketingPanel } from '@/features/auth/components/auth-marketing-panel';
import { AuthPanel } from '@/features/auth/components/auth-panel';

/** /auth: login, sign up and reset password, with the marketing panel beside (below on phones). */
export function AuthPage() {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:py-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,0.9fr)] lg:items-start lg:px-6">
      <PageMeta
        title="Sign In or Create an Account"
        description="Sign in to Trillium or create an account to book trusted local professionals across Ontario."
      />
      <div className="mx-auto w-full max-w-lg">
        <AuthPanel />
      </div>
      <AuthMarketingPanel />
    </div>
  );
}
