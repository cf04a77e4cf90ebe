import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/i18n';

/** The frame of every account page: title, description, an optional back link (to /profile). */
export function AccountPage({
  title,
  description,
  intro,
  backTo = '/profile',
  backLabel,
  width = 'narrow',
  children,
}: {
  title: string;
  description: string;
  intro?: ReactNode;
  backTo?: string | null;
  backLabel?: string;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}) {
  const t = useT('account');
  return (
    <div className={cn('mx-auto px-4 py-6 md:py-10 lg:px-6', width === 'narrow' ? 'max-w-2xl' : 'max-w-4xl')}>
      <PageMeta title={title} description={description} />
      {backTo ? (
        <Link
          to={backTo}
          className="-ml-2 mb-4 inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-primary-700 hover:bg-primary-50"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          {backLabel ?? t('page.back')}
        </Link>
      ) : null}
      <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">{title}</h1>
      {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
      <div className="mt-6 grid gap-6">{children}</div>
    </div>
  );
}

/** A titled card section inside an account page. */
export function AccountSection({
  title,
  description,
  id,
  children,
  action,
}: {
  title: string;
  description?: ReactNode;
  id: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs sm:p-6"
    >
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold text-ink">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
