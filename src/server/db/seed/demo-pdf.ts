/**
 * A small, valid one-page PDF (letter size, Helvetica) with a title and lines of text: the demo
 * applications' documents, so that an admin who downloads one gets a real file that opens.
 * The same input always gives the same bytes.
 */
export function demoPdf(title: string, lines: readonly string[]): Buffer {
  const text = (value: string) => {
    // The standard fonts cover ASCII without embedding anything; the demo texts keep to it.
    if (!/^[\x20-\x7e]*$/.test(value)) throw new Error(`demo PDF text must be printable ASCII: ${value}`);
    return `(${value.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  };
  const content = [
    'BT',
    '/F1 18 Tf',
    '72 712 Td',
    `${text(title)} Tj`,
    'ET',
    'BT',
    '/F2 11 Tf',
    '16 TL',
    '72 680 Td',
    ...lines.map((line, index) => `${index === 0 ? '' : 'T* '}${text(line)} Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${text(title)} /Producer (Trillium demo data) >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`;
  pdf += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
