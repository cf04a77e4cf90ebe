import type { User } from '@shared/contract/auth';
import { CreditCardIcon, MailIcon, PhoneIcon, UserIcon } from 'lucide-react';
import { displayName } from '@/features/auth';
import { useT } from '@/lib/i18n/i18n';

/** The signed-in customer's name, e-mail and phone; payment is by card. */
export function CustomerDetailsCard({ user }: { user: User | null | undefined }) {
  const t = useT('booking');
  const payment = { icon: CreditCardIcon, label: t('dialog.paymentMethod'), value: t('dialog.card') };
  const rows = user
    ? [
        { icon: UserIcon, label: t('customer.name'), value: displayName(user) },
        { icon: MailIcon, label: t('details.email'), value: user.email },
        ...(user.phone ? [{ icon: PhoneIcon, label: t('details.phone'), value: user.phone }] : []),
        payment,
      ]
    : [payment];
  return (
    <section
      aria-labelledby="customer-details"
      className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs"
    >
      <h2 id="customer-details" className="text-lg font-semibold text-ink">
        {t('customer.title')}
      </h2>
      {user === null ? <p className="mt-1 text-sm text-muted">{t('customer.signIn')}</p> : null}
      <dl className="mt-4 grid gap-3">
        {rows.map(({ icon: Icon, label, value }) => (
          <div key={label} className="flex items-start gap-3">
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
              <dd className="font-medium break-words text-ink">{value}</dd>
            </div>
          </div>
        ))}
      </dl>
    </section>
  );
}
