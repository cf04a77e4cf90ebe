import type { CustomerBooking } from '@shared/contract/bookings';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { FileTextIcon } from 'lucide-react';

/** The booking's receipt and credit notes as PDF downloads (docs/product.md §7). */
export function BookingDocuments({ booking }: { booking: CustomerBooking }) {
  const t = useT('booking');
  const format = useFormat();
  const { receipt, creditNotes } = booking.documents;
  if (!receipt && creditNotes.length === 0) return null;
  const link =
    'inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-primary-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-accent-400';
  return (
    <ul className="mt-2 grid gap-1" aria-label={t('documents.label')}>
      {receipt ? (
        <li>
          <a href={receipt.url} download className={link}>
            <FileTextIcon className="size-4" aria-hidden="true" />
            {receipt.number
              ? t('documents.receiptNumbered', { number: receipt.number })
              : t('documents.receipt')}
          </a>
        </li>
      ) : null}
      {creditNotes.map((note) => (
        <li key={note.url}>
          <a href={note.url} download className={link}>
            <FileTextIcon className="size-4" aria-hidden="true" />
            {t('documents.creditNote', { number: note.number, amount: format.money(note.amountCents) })}
          </a>
        </li>
      ))}
    </ul>
  );
}
