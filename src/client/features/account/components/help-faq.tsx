import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { useT } from '@/lib/i18n/i18n';

/** The five questions, rewritten for card payment (docs/product.md §7): `faq.q1`/`faq.a1`... */
const FAQ_ITEMS = [1, 2, 3, 4, 5] as const;

export function HelpFaq() {
  const t = useT('account');
  return (
    <Accordion
      type="single"
      collapsible
      className="rounded-(--radius-card) border border-line bg-surface px-5"
    >
      {FAQ_ITEMS.map((n) => (
        <AccordionItem key={n} value={`faq-${n - 1}`}>
          <AccordionTrigger>{t(`faq.q${n}`)}</AccordionTrigger>
          <AccordionContent>{t(`faq.a${n}`)}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
