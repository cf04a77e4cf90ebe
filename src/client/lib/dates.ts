import { LOCALE, TIME_ZONE } from '@shared/domain/ontario';

const dateFormatter = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const shortDateFormatter = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** `November 22, 2026`, the calendar day in Toronto. */
export function formatDate(iso: string): string {
  return dateFormatter.format(new Date(iso));
}

/** `Nov 22, 2026`, the calendar day in Toronto. */
export function formatShortDate(iso: string): string {
  return shortDateFormatter.format(new Date(iso));
}
