import { AccountPage } from '@/features/account/components/account-page';
import { TestEmailForm } from '@/features/account/components/test-email-form';
import { useT } from '@/lib/i18n/i18n';
import { RichText } from '@/lib/i18n/rich-text';

/** /test-notifications (admins only, docs/product.md §12): checks that e-mail delivery works. */
export function TestNotificationsPage() {
  const t = useT('account');
  const code = <code className="font-mono text-ink" />;
  return (
    <AccountPage
      title={t('test.title')}
      description={t('test.description')}
      intro={t('test.intro')}
      backTo="/admin"
      backLabel={t('test.back')}
    >
      <div className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs sm:p-6">
        <TestEmailForm />
      </div>
      <section
        aria-labelledby="smtp-setup"
        className="rounded-(--radius-card) bg-sand/70 p-5 text-sm text-muted sm:p-6"
      >
        <h2 id="smtp-setup" className="text-base font-semibold text-ink">
          {t('test.setup')}
        </h2>
        <p className="mt-2">
          <RichText
            ns="account"
            k="test.setupText"
            components={[code, <code key="example" className="font-mono break-all text-ink" />, code]}
          />
        </p>
        <p className="mt-2">
          <RichText ns="account" k="test.noSmtp" components={[code]} />
        </p>
      </section>
    </AccountPage>
  );
}
