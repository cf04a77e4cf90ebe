import { CheckCircle2Icon, ClockIcon, LayoutDashboardIcon, MailCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/i18n';
import { RichText } from '@/lib/i18n/rich-text';

const NEXT_STEPS = [
  { icon: ClockIcon, key: 'success.step1' },
  { icon: MailCheckIcon, key: 'success.step2' },
  { icon: LayoutDashboardIcon, key: 'success.step3' },
] as const;

/** After a successful application: 'Registration Submitted!', three next steps and 'Return to Home'. */
export function RegistrationSuccess({ email }: { email: string }) {
  const t = useT('applications');
  return (
    <div className="mx-auto grid max-w-xl gap-6 rounded-(--radius-card) border border-line bg-surface p-6 text-center shadow-xs sm:p-10">
      <CheckCircle2Icon className="mx-auto size-16 text-primary-700" aria-hidden="true" />
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('success.title')}</h1>
        <p className="mt-2 text-muted">
          <RichText
            ns="applications"
            k="success.sent"
            values={{ email }}
            components={[<span key="email" className="font-semibold text-ink" />]}
          />
        </p>
      </div>
      <div className="text-left">
        <h2 className="text-base font-semibold text-ink">{t('success.next')}</h2>
        <ol className="mt-3 grid gap-3">
          {NEXT_STEPS.map(({ icon: Icon, key }, index) => (
            <li key={key} className="flex items-start gap-3 rounded-lg bg-canvas p-3">
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-50 text-sm font-bold text-primary-800">
                {index + 1}
              </span>
              <span className="flex items-center gap-2 pt-1 text-sm text-ink">
                <Icon className="size-4 shrink-0 text-primary-700" aria-hidden="true" />
                {t(key)}
              </span>
            </li>
          ))}
        </ol>
      </div>
      <Button asChild size="lg">
        <Link to="/">{t('success.home')}</Link>
      </Button>
    </div>
  );
}
