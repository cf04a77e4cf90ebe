import type { ReactNode } from 'react';

/** One titled section of the partner dashboard's tabs. */
export function Panel({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs sm:p-6"
    >
      <h3 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h3>
      <p className="mt-1 mb-5 text-sm text-muted">{description}</p>
      {children}
    </section>
  );
}
