import { CalendarCheckIcon, CreditCardIcon, ShieldCheckIcon, UsersRoundIcon } from 'lucide-react';

const POINTS = [
  {
    icon: UsersRoundIcon,
    title: 'Trusted professionals',
    text: 'Every provider is reviewed by our team before joining Trillium.',
  },
  {
    icon: CalendarCheckIcon,
    title: 'Easy booking',
    text: 'Pick a service, a date and a time: booked in under 60 seconds.',
  },
  {
    icon: CreditCardIcon,
    title: 'Secure payments',
    text: 'Pay by Visa, Mastercard or American Express through an encrypted checkout.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Service guarantee',
    text: 'Not satisfied? Our support team will make it right.',
  },
] as const;

/** The side panel of /auth: why people sign up. */
export function AuthMarketingPanel() {
  return (
    <aside
      aria-labelledby="auth-why"
      className="rounded-(--radius-card) bg-primary-800 p-6 text-white shadow-sm sm:p-8"
    >
      <h2 id="auth-why" className="text-2xl font-bold tracking-tight">
        Trusted local services across Ontario
      </h2>
      <p className="mt-2 text-primary-100">
        Join thousands of Ontarians who book cleaning, car care, tax help and more on Trillium.
      </p>
      <ul className="mt-6 grid gap-5">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/10">
              <Icon className="size-5 text-accent-300" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-primary-100">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
