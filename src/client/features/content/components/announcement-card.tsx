import type { Announcement } from '@shared/contract/content';
import { ArrowUpRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { useFormat, useT } from '@/lib/i18n/i18n';

export function AnnouncementCard({ announcement }: { announcement: Announcement }) {
  const url = announcement.readMoreUrl;
  const t = useT('pages');
  const format = useFormat();
  return (
    <article className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs">
      <div className="flex flex-wrap items-center gap-3">
        <Badge variant={announcement.type}>{t(`announcement.${announcement.type}`)}</Badge>
        <time dateTime={announcement.publishedDate} className="text-sm text-muted">
          {format.date(announcement.publishedDate)}
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
            {t('announcement.readMore')}
            <ArrowUpRightIcon className="size-4" aria-hidden="true" />
          </Link>
        ) : (
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="mt-3 inline-flex min-h-11 items-center gap-1 font-semibold text-primary-700 hover:underline"
          >
            {t('announcement.readMore')}
            <ArrowUpRightIcon className="size-4" aria-hidden="true" />
          </a>
        )
      ) : null}
    </article>
  );
}
