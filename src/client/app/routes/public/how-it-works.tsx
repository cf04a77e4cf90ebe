import { ArrowRightIcon, CreditCardIcon, MessageCircleIcon, ShieldCheckIcon, StarIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { HowItWorksSteps } from '@/features/content/components/how-it-works-steps';

const DETAILS = [
  {
    icon: ShieldCheckIcon,
    title: 'Professionals you can trust',
    text: 'Every professional applies with business details and documents, and our team reviews each application before a listing goes live. Look for the Verified badge.',
  },
  {
    icon: StarIcon,
    title: 'Honest reviews',
    text: 'Reviews marked Verified Purchase come from customers who booked and paid through Trillium, so you know the experience was real.',
  },
  {
    icon: CreditCardIcon,
    title: 'Simple, secure card payment',
    text: 'Pay by Visa, Mastercard or American Express when you book. Every price you see already includes Trillium’s 3% service fee; HST is shown before you pay. All amounts are in Canadian dollars.',
  },
  {
    icon: MessageCircleIcon,
    title: 'Changes and cancellations',
    text: 'Need to reschedule or cancel? Contact your professional directly, or reach Trillium support and we’ll help sort it out.',
  },
] as const;

export function HowItWorksPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 lg:px-6">
      <PageMeta
        title="How it Works"
        description="Search services, compare providers, book and pay by card: how Trillium connects you with local professionals across Ontario."
      />
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">How Trillium works</h1>
        <p className="mt-3 text-lg text-muted">
          Trillium connects customers across Ontario with local professionals, from cleaners and car detailers
          to tax preparers. Here is how a booking comes together, usually in under 60 seconds.
        </p>
      </div>
      <div className="mt-10">
        <HowItWorksSteps headingLevel="h2" />
      </div>
      <div className="mt-12 grid gap-4 sm:grid-cols-2">
        {DETAILS.map(({ icon: Icon, title, text }) => (
          <section
            key={title}
            className="flex gap-4 rounded-(--radius-card) border border-line bg-surface p-5"
          >
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-700">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h2 className="font-semibold text-ink">{title}</h2>
              <p className="mt-1 text-muted">{text}</p>
            </div>
          </section>
        ))}
      </div>
      <div className="mt-12 flex flex-col items-start gap-4 rounded-3xl bg-primary-800 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold">Ready to find your professional?</h2>
          <p className="mt-1 text-primary-100">Browse hundreds of services across Ontario.</p>
        </div>
        <Button asChild variant="accent" size="lg">
          <Link to="/services">
            Browse Services
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </div>
  );
}
