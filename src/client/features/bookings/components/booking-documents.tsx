import type { CustomerBooking } from '@shared/contract/bookings';
import { formatCents } from '@shared/domain/money';
import { FileTextIcon } from 'lucide-react';

/** The booking's receipt and credit notes as PDF downloads (docs/product.md §7). */
export function BookingDocuments({ booking }: { booking: CustomerBooking }) {
  const { receipt, creditNotes } = booking.documents;
  if (!receipt && creditNotes.length === 0) return null;
  const link =
    'inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-primary-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-accent-400';
  return (
    <ul className="mt-2 grid gap-1" aria-label="Receipt and credit notes">
      {receipt ? (
        <li>
          <a href={receipt.url} download className={link}>
            <FileTextIcon className="size-4" aria-hidden="true" />
            Download receipt{receipt.number ? ` ${receipt.number}` : ''} (PDF)
          </a>
        </li>
      ) : null}
      {creditNotes.map((note) => (
        <li key={note.url}>
          <a href={note.url} download className={link}>
            <FileTextIcon className="size-4" aria-hidden="true" />
            Download credit note {note.number} ({formatCents(note.amountCents)} refunded, PDF)
          </a>
        </li>
      ))}
    </ul>
  );
}
