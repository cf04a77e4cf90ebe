import { ClockIcon, MailIcon, PhoneIcon } from 'lucide-react';
import { useT } from '@/lib/i18n/i18n';

export const SUPPORT_PHONE = '1-888-555-0199';
export const SUPPORT_EMAIL = 'support@trillium.test';

const CARDS = [
  {
    icon: PhoneIcon,
    title: 'support.call',
    value: SUPPORT_PHONE,
    href: `tel:+1${SUPPORT_PHONE.replace(/\D/g, '').slice(1)}`,
  },
  { icon: MailIcon, title: 'support.email', value: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}` },
  { icon: ClockIcon, title: 'support.hours', value: null, href: null },
] as const;

/** Phone, e-mail and hours of the support team. */
export function SupportContactCards() {
  const t = useT('account');
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      {CARDS.map(({ icon: Icon, title, value, href }) => (
        <li
          key={title}
          className="flex items-center gap-3 rounded-(--radius-card) border border-line bg-surface p-4"
        >
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="text-sm text-muted">{t(title)}</p>
            {href ? (
              <a
                href={href}
                className="inline-flex min-h-11 items-center break-all font-semibold text-primary-800 hover:underline"
              >
                {value}
              </a>
            ) : (
              <p className="font-semibold text-ink">{value ?? t('support.always')}</p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
