import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';

/** The five questions, rewritten for card payment (docs/product.md §7). */
export const FAQ_ITEMS = [
  {
    question: 'How do I book a service?',
    answer:
      'Find a provider on the Services page, choose the service you need, then pick a date and time. Pay securely by card (Visa, Mastercard or American Express) to confirm: every price shown includes Trillium’s 3% service fee, and HST is shown before you pay.',
  },
  {
    question: 'How does payment work, and when am I charged?',
    answer:
      'Payment is by card only, on our secure checkout. Your card is charged when you confirm your booking, and you receive a confirmation e-mail with your booking reference right away. The total you see (service price, the 3% service fee and HST, line by line) is exactly what you pay, and a PDF receipt is in My Bookings.',
  },
  {
    question: 'How do I cancel or reschedule a booking?',
    answer:
      'Contact your provider directly, or reach our support team by phone, by e-mail or with the Contact Us form, and we will help you cancel or move your appointment.',
  },
  {
    question: 'How can I become a service provider?',
    answer:
      'Fill in the Register as Professional form with your business details, services and prices. Our admin team reviews every application, and once approved you get access to your provider dashboard.',
  },
  {
    question: "What if I'm not satisfied with a service?",
    answer:
      'Contact our support team with your booking reference and tell us what went wrong. We will work with you and the provider to make it right.',
  },
] as const;

export function HelpFaq() {
  return (
    <Accordion
      type="single"
      collapsible
      className="rounded-(--radius-card) border border-line bg-surface px-5"
    >
      {FAQ_ITEMS.map((item, index) => (
        <AccordionItem key={item.question} value={`faq-${index}`}>
          <AccordionTrigger>{item.question}</AccordionTrigger>
          <AccordionContent>{item.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
