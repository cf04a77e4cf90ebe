import { CalendarPlusIcon, DownloadIcon, ExternalLinkIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import {
  type CalendarEntry,
  googleCalendarLink,
  icsDownloadPath,
  outlookCalendarLink,
} from '../lib/calendar-links';
import { useT } from '@/lib/i18n/i18n';

const item =
  'flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium text-ink hover:bg-primary-50 focus-visible:outline-3 focus-visible:outline-accent-400';

/** Add to calendar: Google Calendar, Outlook, or the .ics file (Apple Calendar and the rest). */
export function AddToCalendar({
  entry,
  size = 'sm',
  label: given,
}: {
  entry: CalendarEntry;
  size?: 'sm' | 'md';
  label?: string;
}) {
  const t = useT('booking');
  const label = given ?? t('calendar.add');
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size={size} aria-label={`${label}: ${entry.title}`}>
          <CalendarPlusIcon aria-hidden="true" />
          {label}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-64 p-1.5" aria-label={t('calendar.add')}>
        <ul className="grid gap-0.5">
          <li>
            <a className={item} href={googleCalendarLink(entry)} target="_blank" rel="noreferrer noopener">
              <ExternalLinkIcon className="size-4 text-muted" aria-hidden="true" />
              Google Calendar
            </a>
          </li>
          <li>
            <a className={item} href={outlookCalendarLink(entry)} target="_blank" rel="noreferrer noopener">
              <ExternalLinkIcon className="size-4 text-muted" aria-hidden="true" />
              Outlook
            </a>
          </li>
          <li>
            <a className={item} href={icsDownloadPath(entry.bookingId)} download>
              <DownloadIcon className="size-4 text-muted" aria-hidden="true" />
              {t('calendar.ics')}
            </a>
          </li>
        </ul>
      </PopoverContent>
    </Popover>
  );
}
