import { useEffect, useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { LoginForm } from './login-form';
import { SignupModalForm } from './signup-modal-form';
import { useT } from '@/lib/i18n/i18n';

export type AuthModalTab = 'login' | 'signup';

export type AuthModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tab shown at each opening (the header's Login or Sign Up button). */
  defaultTab?: AuthModalTab;
};

/**
 * The header's login / sign-up modal: Login and Sign Up tabs, remember-me, a working
 * "Forgot password?" (docs/product.md §2) that opens the same forgot-password dialog as /auth.
 * On success it closes; the person stays on the page they were on.
 */
export function AuthModal({ open, onOpenChange, defaultTab = 'login' }: AuthModalProps) {
  const t = useT('auth');
  const [tab, setTab] = useState<AuthModalTab>(defaultTab);
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);

  useEffect(() => {
    if (open) setTab(defaultTab);
  }, [open, defaultTab]);

  const close = () => onOpenChange(false);

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          title={tab === 'login' ? t('panel.welcomeBack') : t('panel.createAccount')}
          description={tab === 'login' ? t('panel.signInLead') : t('modal.joinLead')}
        >
          <Tabs value={tab} onValueChange={(value) => setTab(value as AuthModalTab)}>
            <TabsList className="flex w-full">
              <TabsTrigger value="login" className="flex-1 px-2">
                {t('tab.login')}
              </TabsTrigger>
              <TabsTrigger value="signup" className="flex-1 px-2">
                {t('tab.signup')}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm
                withRemember
                onSuccess={close}
                onForgotPassword={(email) => {
                  close();
                  setForgotEmail(email);
                }}
              />
            </TabsContent>
            <TabsContent value="signup">
              <SignupModalForm onSuccess={close} />
            </TabsContent>
          </Tabs>
        </DialogContent>
      </Dialog>
      <ForgotPasswordDialog
        open={forgotEmail !== null}
        onOpenChange={(next) => {
          if (!next) setForgotEmail(null);
        }}
        defaultEmail={forgotEmail ?? ''}
      />
    </>
  );
}
