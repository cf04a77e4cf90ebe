import { PageMeta } from '@/components/layout/page-meta';

const SECTIONS = [
  {
    title: '1. About these terms',
    body: [
      'These Terms of Service govern your use of Trillium, an online marketplace operated in Ontario, Canada, that connects customers with independent local service professionals. By browsing, creating an account or making a booking you agree to these terms.',
      'Trillium is a marketplace: the professionals listed are independent businesses, not employees or agents of Trillium. Each professional is responsible for the services they provide.',
    ],
  },
  {
    title: '2. Accounts',
    body: [
      'You must give accurate information and keep your password confidential. You are responsible for activity on your account. You may close your account at any time by contacting support.',
    ],
  },
  {
    title: '3. Bookings and payment',
    body: [
      'Prices are shown in Canadian dollars (CAD). Payment is taken by credit or debit card (Visa, Mastercard or American Express) when you confirm a booking.',
      'Each booking carries Trillium’s service fee of 3% of the service price, with 13% HST on the fee; the prices shown include it. When the professional is registered for HST (their number is on the receipt), 13% HST applies to the service price too, except for exempt services such as child care. The service price, the fee, the taxes and the total are shown before you pay.',
      'A booking is confirmed once payment succeeds and you receive a confirmation with a booking reference. Times are shown in Eastern Time (Toronto).',
    ],
  },
  {
    title: '4. Changes and cancellations',
    body: [
      'To reschedule or cancel a booking, contact the professional directly or contact Trillium support. Refunds for cancelled bookings follow the professional’s cancellation policy and Ontario consumer protection law.',
      'If a professional cancels or does not attend, contact support and we will help you rebook or arrange a refund.',
    ],
  },
  {
    title: '5. Promotions',
    body: [
      'Promotions cannot be combined with other offers, are valid for the dates shown or while supplies last, and may be limited by area or category. Trillium may modify or cancel a promotion at any time. Codes are applied at booking.',
    ],
  },
  {
    title: '6. Reviews and content',
    body: [
      'Reviews must be honest and based on your own experience. We may remove content that is false, abusive, discriminatory or unlawful. Reviews tied to a paid booking are marked Verified Purchase.',
    ],
  },
  {
    title: '7. For professionals',
    body: [
      'Professionals apply through the registration form and are reviewed before their listing is published. Professionals must hold any licences and insurance their trade requires in Ontario and must honour the prices and schedules they publish.',
    ],
  },
  {
    title: '8. Liability',
    body: [
      'To the extent permitted by law, Trillium is not liable for the work performed by independent professionals. Nothing in these terms limits rights you have under the Ontario Consumer Protection Act, 2002.',
    ],
  },
  {
    title: '9. Privacy',
    body: [
      'We collect the information needed to run your account and bookings and share it with the professional you book. We handle personal information in line with Canadian privacy law (PIPEDA). Card numbers are processed by our payment provider.',
    ],
  },
  {
    title: '10. Governing law',
    body: [
      'These terms are governed by the laws of the Province of Ontario and the federal laws of Canada that apply there. Disputes will be heard by the courts of Ontario.',
    ],
  },
] as const;

export function TermsPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 lg:px-6">
      <PageMeta
        title="Terms of Service"
        description="The terms for using Trillium: bookings, card payment, the 3% service fee and HST, cancellations and Ontario law."
      />
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Terms of Service</h1>
      <p className="mt-2 text-sm text-muted">Last updated: November 2026</p>
      <div className="mt-8 grid gap-8 rounded-(--radius-card) border border-line bg-surface p-6 sm:p-8">
        {SECTIONS.map((section) => (
          <section key={section.title}>
            <h2 className="text-lg font-semibold text-ink">{section.title}</h2>
            {section.body.map((paragraph) => (
              <p key={paragraph} className="mt-2 leading-relaxed text-ink/90">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <p className="border-t border-line pt-6 text-sm text-muted">
          Questions about these terms? Contact Trillium support through the Help & Support page once signed
          in.
        </p>
      </div>
    </div>
  );
}
