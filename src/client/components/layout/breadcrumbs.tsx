import { ChevronRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '@/lib/i18n/i18n';

export type Crumb = { label: string; to?: string };

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useT('shell');
  return (
    <nav aria-label={t('breadcrumb')} className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {items.map((item, index) => (
          <li key={item.label} className="flex items-center gap-1">
            {index > 0 ? <ChevronRightIcon className="size-4" aria-hidden="true" /> : null}
            {item.to ? (
              <Link
                to={item.to}
                className="-mx-1 inline-flex min-h-11 min-w-11 items-center px-1 hover:text-primary-700 hover:underline"
              >
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-ink">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
