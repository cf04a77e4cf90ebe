import { useState } from 'react';
import { PageMeta } from '@/components/layout/page-meta';
import { RegistrationForm } from '@/features/applications/components/registration-form';
import { RegistrationSuccess } from '@/features/applications/components/registration-success';

/** /register-professional: the application form, then the confirmation screen. */
export function RegisterProfessionalPage() {
  const [submittedEmail, setSubmittedEmail] = useState<string | null>(null);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:py-10 lg:px-6">
      <PageMeta
        title="Register as Professional"
        description="Apply to offer your services on Trillium, the local-services marketplace for Ontario."
      />
      {submittedEmail ? (
        <RegistrationSuccess email={submittedEmail} />
      ) : (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">Register as Professional</h1>
          <p className="mt-2 mb-6 text-muted">
            Join Trillium and reach customers across Ontario. Our team reviews every application within 48
            hours.
          </p>
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
