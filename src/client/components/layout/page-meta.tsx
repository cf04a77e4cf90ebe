/** The page's title and meta description; React 19 hoists both into <head>. */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const fullTitle = title.startsWith('Trillium') ? title : `${title} | Trillium`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
    </>
  );
}
