import type { User } from '@shared/contract/auth';
import { CreditCardIcon, MailIcon, PhoneIcon, UserIcon } from 'lucide-react';
import { displayName } from '@/features/auth';

/** The signed-in customer's name, e-mail and phone; payment is by card. */
export function CustomerDetailsCard({ user }: { user: User | null | undefined }) {
  const rows = user
    ? [
        { icon: UserIcon, label: 'Name', value: displayName(user) },
        { icon: MailIcon, label: 'Email', value: user.email },
        ...(user.phone ? [{ icon: PhoneIcon, label: 'Phone', value: user.phone }] : []),
        { icon: CreditCardIcon, label: 'Payment method', value: 'Credit/Debit Card' },
      ]
    : [{ icon: CreditCardIcon, label: 'Payment method', value: 'Credit/Debit Card' }];
  return (
    <section
      aria-labelledby="customer-details"
      className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs"
    >
      <h2 id="customer-details" className="text-lg font-semibold text-ink">
        Customer Details
      </h2>
      {user === null ? (
        <p className="mt-1 text-sm text-muted">Sign in to book: your details fill in here.</p>
      ) : null}
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
