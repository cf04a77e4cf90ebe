import type { Announcement } from '@shared/contract/content';
import { ArrowUpRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/dates';

const TYPE_LABELS = { update: 'Update', important: 'Important', info: 'Info' } as const;

export function AnnouncementCard({ announcement }: { announcement: Announcement }) {
  const url = announcement.readMoreUrl;
  return (
    <article className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs">
      <div className="flex flex-wrap items-center gap-3">
        <Badge variant={announcement.type}>{TYPE_LABELS[announcement.type]}</Badge>
        <time dateTime={announcement.publishedDate} className="text-sm text-muted">
          {formatDate(announcement.publishedDate)}
        </time>
      </div>
      <h2 className="mt-3 text-lg font-semibold text-ink">{announcement.title}</h2>
      <p className="mt-2 whitespace-pre-line text-muted">{announcement.content}</p>
      {url ? (
        url.startsWith('/') && !url.startsWith('//') ? (
          <Link
            to={url}
            className="mt-3 inline-flex min-h-11 items-center gap-1 font-semibold text-primary-700 hover:underline"
          >
            Read More
            <ArrowUpRightIcon className="size-4" aria-hidden="true" />
          </Link>
        ) : (
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="mt-3 inline-flex min-h-11 items-center gap-1 font-semibold text-primary-700 hover:underline"
          >
            Read More
            <ArrowUpRightIcon className="size-4" aria-hidden="true" />
          </a>
        )
      ) : null}
    </article>
  );
}
