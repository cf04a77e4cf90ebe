import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePostLoginRedirect } from '../hooks/use-post-login-redirect';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { LoginForm } from './login-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignupPageForm } from './signup-page-form';
import { useT } from '@/lib/i18n/i18n';

type AuthTab = 'login' | 'signup' | 'reset';

function tabFromParams(params: URLSearchParams): AuthTab {
  const tab = params.get('tab');
  if (tab === 'reset') return 'reset';
  if (tab === 'signup' || tab === 'register') return 'signup';
  return 'login';
}

/** The /auth card: Login, Sign Up, and Reset Password when the URL carries tab=reset (with token and email). */
export function AuthPanel() {
  const t = useT('auth');
  const [params, setParams] = useSearchParams();
  const tab = tabFromParams(params);
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  usePostLoginRedirect({ enabled: tab !== 'reset' });

  const selectTab = (next: string) => {
    setParams(next === 'login' ? {} : { tab: next }, { replace: true });
  };

  return (
    <Card className="p-5 sm:p-8">
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList className="flex w-full">
          <TabsTrigger value="login" className="flex-1 px-2">
            {t('tab.login')}
          </TabsTrigger>
          <TabsTrigger value="signup" className="flex-1 px-2">
            {t('tab.signup')}
          </TabsTrigger>
          {tab === 'reset' ? (
            <TabsTrigger value="reset" className="flex-1 px-2">
              {t('tab.reset')}
            </TabsTrigger>
          ) : null}
        </TabsList>
        <TabsContent value="login">
          <h1 className="mb-1 text-2xl font-bold tracking-tight text-ink">{t('panel.welcomeBack')}</h1>
          <p className="mb-5 text-muted">{t('panel.signInLead')}</p>
          <LoginForm onForgotPassword={(email) => setForgotEmail(email)} />
        </TabsContent>
        <TabsContent value="signup">
          <h1 className="mb-1 text-2xl font-bold tracking-tight text-ink">{t('panel.createAccount')}</h1>
          <p className="mb-5 text-muted">{t('panel.signupLead')}</p>
          <SignupPageForm />
        </TabsContent>
        {tab === 'reset' ? (
          <TabsContent value="reset">
            <h1 className="mb-4 text-2xl font-bold tracking-tight text-ink">{t('tab.reset')}</h1>
            <ResetPasswordForm
              email={params.get('email')}
              token={params.get('token')}
              onRequestNewLink={() => setForgotEmail(params.get('email') ?? '')}
              onDone={() => selectTab('login')}
            />
          </TabsContent>
        ) : null}
      </Tabs>
      <ForgotPasswordDialog
        open={forgotEmail !== null}
        onOpenChange={(open) => {
          if (!open) setForgotEmail(null);
        }}
        defaultEmail={forgotEmail ?? ''}
      />
    </Card>
  );
}
