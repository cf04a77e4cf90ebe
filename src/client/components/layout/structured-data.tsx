/**
 * A page's schema.org description (JSON-LD). A data block, never run: `<` is escaped so no text in it
 * can close the element, and the Content-Security-Policy has nothing to allow.
 */
export function StructuredData({ data }: { data: object }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every `<` escaped, in a data block.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
