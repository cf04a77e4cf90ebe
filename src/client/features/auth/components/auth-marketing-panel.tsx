import { CalendarCheckIcon, CreditCardIcon, ShieldCheckIcon, UsersRoundIcon } from 'lucide-react';
import { useT } from '@/lib/i18n/i18n';

const POINTS = [
  { icon: UsersRoundIcon, title: 'why.trustedTitle', text: 'why.trustedText' },
  { icon: CalendarCheckIcon, title: 'why.easyTitle', text: 'why.easyText' },
  { icon: CreditCardIcon, title: 'why.secureTitle', text: 'why.secureText' },
  { icon: ShieldCheckIcon, title: 'why.guaranteeTitle', text: 'why.guaranteeText' },
] as const;

/** The side panel of /auth: why people sign up. */
export function AuthMarketingPanel() {
  const t = useT('auth');
  return (
    <aside
      aria-labelledby="auth-why"
      className="rounded-(--radius-card) bg-primary-800 p-6 text-white shadow-sm sm:p-8"
    >
      <h2 id="auth-why" className="text-2xl font-bold tracking-tight">
        {t('why.title')}
      </h2>
      <p className="mt-2 text-primary-100">{t('why.lead')}</p>
      <ul className="mt-6 grid gap-5">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/10">
              <Icon className="size-5 text-accent-300" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold">{t(title)}</h3>
              <p className="text-sm text-primary-100">{t(text)}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
