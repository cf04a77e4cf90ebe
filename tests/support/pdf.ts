import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The text of a PDF, page by page joined by new lines, read with Mozilla's PDF.js (pdfjs-dist): a real
 * parser, so a receipt that passes here opens in a PDF reader. Items are joined with a space.
 */
export async function pdfText(bytes: Uint8Array | Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = path.join(
    path.dirname(fileURLToPath(import.meta.resolve('pdfjs-dist/package.json'))),
    'standard_fonts/',
  );
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: fonts,
    verbosity: 0,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .filter((s) => s.trim() !== '')
        .join(' '),
    );
  }
  await document.destroy();
  return pages.join('\n');
}

/** Whether the bytes start like a PDF file. */
export const isPdf = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).subarray(0, 5).toString() === '%PDF-';
