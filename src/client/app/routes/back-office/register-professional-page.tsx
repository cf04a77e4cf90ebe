import { useState } from 'react';
import { PageMeta } from '@/components/layout/page-meta';
import { RegistrationForm } from '@/features/applications/components/registration-form';
import { RegistrationSuccess } from '@/features/applications/components/registration-success';
import { useT } from '@/lib/i18n/i18n';

/** /register-professional: the application form, then the confirmation screen. */
export function RegisterProfessionalPage() {
  const t = useT('applications');
  const [submittedEmail, setSubmittedEmail] = useState<string | null>(null);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:py-10 lg:px-6">
      <PageMeta title={t('page.title')} description={t('page.description')} />
      {submittedEmail ? (
        <RegistrationSuccess email={submittedEmail} />
      ) : (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">{t('page.title')}</h1>
          <p className="mt-2 mb-6 text-muted">{t('page.intro')}</p>
          <RegistrationForm
            onSubmitted={(email) => {
              setSubmittedEmail(email);
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      )}
    </div>
  );
}
