import { CheckCircle2Icon, ClockIcon, LayoutDashboardIcon, MailCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

const NEXT_STEPS = [
  { icon: ClockIcon, text: 'Our team reviews your application within 48 hours.' },
  { icon: MailCheckIcon, text: "If you're approved, we e-mail you your access details." },
  { icon: LayoutDashboardIcon, text: 'Then complete your profile and add your services.' },
] as const;

/** After a successful application: 'Registration Submitted!', three next steps and 'Return to Home'. */
export function RegistrationSuccess({ email }: { email: string }) {
  return (
    <div className="mx-auto grid max-w-xl gap-6 rounded-(--radius-card) border border-line bg-surface p-6 text-center shadow-xs sm:p-10">
      <CheckCircle2Icon className="mx-auto size-16 text-primary-700" aria-hidden="true" />
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Registration Submitted!</h1>
        <p className="mt-2 text-muted">
          We sent a verification link to <span className="font-semibold text-ink">{email}</span>. Please open
          it within 24 hours to confirm your e-mail address.
        </p>
      </div>
      <div className="text-left">
        <h2 className="text-base font-semibold text-ink">What happens next</h2>
        <ol className="mt-3 grid gap-3">
          {NEXT_STEPS.map(({ icon: Icon, text }, index) => (
            <li key={text} className="flex items-start gap-3 rounded-lg bg-canvas p-3">
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-50 text-sm font-bold text-primary-800">
                {index + 1}
              </span>
              <span className="flex items-center gap-2 pt-1 text-sm text-ink">
                <Icon className="size-4 shrink-0 text-primary-700" aria-hidden="true" />
                {text}
              </span>
            </li>
          ))}
        </ol>
      </div>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
