import PDFDocument from 'pdfkit';
import type { MoneyLine } from '../../../shared/domain/price-lines';
import { formatCents } from '../../../shared/domain/money';
import type { Locale } from '../../../shared/i18n/locales';
import { type EmailKey, emailText, type MessageValues } from '../../i18n/server-i18n';

/** Everything a receipt or a credit note prints (receipts.usecases.ts gathers it). */
export type ReceiptDocument = {
  kind: 'receipt' | 'credit_note';
  /** The language it is printed in: its words, dates and amounts (the lines' and the policy's too). */
  locale: Locale;
  /** `R-000042`, `CN-000007`. */
  number: string;
  /** A credit note's receipt number. */
  receiptNumber: string | null;
  /** When it was issued, as people read it (`... at 10:05 AM ET`). */
  issuedAt: string;
  seller: { name: string; address: string; hstNumber: string };
  partner: { name: string; hstNumber: string | null };
  customer: { name: string; email: string };
  booking: { reference: string; service: string; when: string; location: string | null };
  lines: MoneyLine[];
  totalCents: number;
  /** `Visa ending in 4242` (in the document's language), or null when the processor did not say. */
  card: string | null;
  /** The policy's name and words, and the cases always refunded in full. */
  policy: string;
  /** A credit note's reason, in words. */
  reason: string | null;
};

const MARGIN = 56;
const INK = '#1f2a24';
const MUTED = '#5b6660';
const GREEN = '#1e5a3c';

/** The standard PDF fonts speak WinAnsi: the narrow and no-break spaces Intl puts in times become spaces. */
const plain = (text: string) => text.replace(/[\u202f\u00a0\u2009]/g, ' ').replace(/\u2212/g, '-');
const money = (cents: number, locale: Locale) =>
  cents < 0 ? `-${formatCents(-cents, locale)}` : formatCents(cents, locale);

/**
 * Draws a receipt or a credit note as a one-page PDF (letter size, Helvetica) with pdfkit; answers its
 * bytes. The same document always says the same things; only the PDF's creation date differs.
 */
export function renderReceiptPdf(doc: ReceiptDocument): Promise<Buffer> {
  const t = (key: EmailKey, values?: MessageValues) => emailText(doc.locale, key, values);
  const kind = { kind: doc.kind };
  const title = t('receipt.title', kind);
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: {
      Title: `${title} ${doc.number}`,
      Author: doc.seller.name,
      Subject: t('receipt.subject', { reference: doc.booking.reference }),
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = pdf.page.width - MARGIN * 2;
  const text = (value: string, options?: PDFKit.Mixins.TextOptions) => pdf.text(plain(value), options);

  pdf.fillColor(GREEN).font('Helvetica-Bold').fontSize(22).text('Trillium', MARGIN, MARGIN);
  pdf.fillColor(INK).fontSize(16);
  text(`${title} ${doc.number}`, { align: 'right' });
  pdf.font('Helvetica').fontSize(10).fillColor(MUTED);
  text(t('receipt.issued', { when: doc.issuedAt }), { align: 'right' });
  if (doc.receiptNumber) text(t('receipt.forReceipt', { number: doc.receiptNumber }), { align: 'right' });
  pdf.moveDown(1.5);

  const block = (heading: string, rows: string[]) => {
    pdf.font('Helvetica-Bold').fontSize(10).fillColor(INK);
    text(heading);
    pdf.font('Helvetica').fontSize(10).fillColor(INK);
    for (const row of rows) text(row);
    pdf.moveDown(0.8);
  };
  block(t('receipt.soldBy'), [
    doc.seller.name,
    doc.seller.address,
    t('receipt.hstNumber', { number: doc.seller.hstNumber }),
  ]);
  block(t('receipt.providedBy'), [
    doc.partner.name,
    doc.partner.hstNumber
      ? t('receipt.hstNumber', { number: doc.partner.hstNumber })
      : t('receipt.notRegistered'),
  ]);
  block(t('receipt.customer'), [doc.customer.name, doc.customer.email]);
  block(t('receipt.booking'), [
    t('receipt.reference', { reference: doc.booking.reference }),
    doc.booking.service,
    doc.booking.when,
    ...(doc.booking.location ? [doc.booking.location] : []),
  ]);

  // The lines, label on the left and amount on the right, then the total.
  pdf.font('Helvetica-Bold').fontSize(10);
  text(t('receipt.linesHeading', kind));
  pdf.moveDown(0.3);
  pdf.font('Helvetica').fontSize(11);
  for (const line of doc.lines) {
    const y = pdf.y;
    text(line.label, { width: width - 120 });
    pdf.text(plain(money(line.amount, doc.locale)), MARGIN, y, { width, align: 'right' });
    pdf.moveDown(0.2);
  }
  pdf
    .moveTo(MARGIN, pdf.y + 2)
    .lineTo(MARGIN + width, pdf.y + 2)
    .strokeColor(MUTED)
    .stroke();
  pdf.moveDown(0.5);
  const totalY = pdf.y;
  pdf.font('Helvetica-Bold').fontSize(12);
  text(t('receipt.total', kind), { width: width - 120 });
  pdf.text(plain(money(doc.totalCents, doc.locale)), MARGIN, totalY, { width, align: 'right' });
  pdf.moveDown(0.5);
  pdf.font('Helvetica').fontSize(10).fillColor(INK);
  if (doc.card) text(t('receipt.card', { ...kind, card: doc.card }));
  if (doc.reason) text(t('receipt.reasonLine', { reason: doc.reason }));
  pdf.moveDown(1.2);

  pdf.font('Helvetica-Bold').fontSize(10);
  text(t('receipt.policyHeading'));
  pdf.font('Helvetica').fontSize(9).fillColor(MUTED);
  text(doc.policy, { width });
  pdf.moveDown(1);
  text(t('receipt.footer'), { width });
  pdf.end();
  return done;
}
