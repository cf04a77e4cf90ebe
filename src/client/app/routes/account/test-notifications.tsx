import { AccountPage } from '@/features/account/components/account-page';
import { TestEmailForm } from '@/features/account/components/test-email-form';

/** /test-notifications (admins only, docs/product.md §12): checks that e-mail delivery works. */
export function TestNotificationsPage() {
  return (
    <AccountPage
      title="Test Email Notifications"
      description="Send a test e-mail to check Trillium's e-mail delivery."
      intro="Send a test message to check that e-mail delivery works."
      backTo="/admin"
      backLabel="Back to Admin Dashboard"
    >
      <div className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs sm:p-6">
        <TestEmailForm />
      </div>
      <section
        aria-labelledby="smtp-setup"
        className="rounded-(--radius-card) bg-sand/70 p-5 text-sm text-muted sm:p-6"
      >
        <h2 id="smtp-setup" className="text-base font-semibold text-ink">
          E-mail provider setup
        </h2>
        <p className="mt-2">
          Every message goes through the outbox first. To deliver it, set{' '}
          <code className="font-mono text-ink">SMTP_URL</code> on the server to your provider's SMTP address,
          for example{' '}
          <code className="font-mono break-all text-ink">smtp://user:password@smtp.example.com:587</code> (or{' '}
          <code className="font-mono text-ink">smtps://</code> for port 465), and restart it.
        </p>
        <p className="mt-2">
          Without <code className="font-mono text-ink">SMTP_URL</code>, messages stay in the outbox and are
          printed to the server log, so you can read them during development.
        </p>
      </section>
    </AccountPage>
  );
}
