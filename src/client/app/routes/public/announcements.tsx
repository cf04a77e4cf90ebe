import { MegaphoneIcon } from 'lucide-react';
import { PageMeta } from '@/components/layout/page-meta';
import { Skeleton } from '@/components/ui/skeleton';
import { useAnnouncements } from '@/features/content/api/get-announcements';
import { AnnouncementCard } from '@/features/content/components/announcement-card';
import { NewsletterBox } from '@/features/content/components/newsletter-box';
import { useT } from '@/lib/i18n/i18n';

export function AnnouncementsPage() {
  const announcements = useAnnouncements();
  const items = announcements.data ?? [];
  const t = useT('pages');
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 lg:px-6">
      <PageMeta title={t('announcements.title')} description={t('announcements.description')} />
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t('announcements.title')}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t('announcements.lead')}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div>
          {announcements.isPending ? (
            <div className="grid gap-4" role="status" aria-label={t('announcements.loading')}>
              {[0, 1, 2, 3, 4].map((key) => (
                <div
                  key={key}
                  className="space-y-3 rounded-(--radius-card) border border-line bg-surface p-5"
                >
                  <Skeleton className="h-5 w-40" />
                  <Skeleton className="h-6 w-2/3" />
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-5/6" />
                </div>
              ))}
            </div>
          ) : items.length === 0 ? (
            <div className="rounded-(--radius-card) border border-dashed border-line bg-surface p-10 text-center text-muted">
              <MegaphoneIcon className="mx-auto size-10 text-primary-300" aria-hidden="true" />
              <p className="mt-3">{t('announcements.none')}</p>
            </div>
          ) : (
            <ul className="grid gap-4">
              {items.map((announcement) => (
                <li key={announcement.id}>
                  <AnnouncementCard announcement={announcement} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <aside>
          <NewsletterBox />
        </aside>
      </div>
    </div>
  );
}
