import { describe, expect, it } from 'vitest';
import {
  formatBookedTime,
  formatCalendarDay,
  formatClockTime,
  formatDate,
  formatShortDate,
} from '../domain/dates';
import { formatCents, formatDollars } from '../domain/money';
import { localizePath, negotiateLocale, splitLocalePath, twinPath } from './locales';
import { formatNumber, formatRating } from './numbers';

/** Intl writes no-break spaces where French puts a space: compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('dates and times follow the language', () => {
  const thursday8am = '2026-11-26T13:00:00Z';
  it('writes a booked time the English way, unchanged', () => {
    expect(formatBookedTime(thursday8am)).toBe('Thursday, November 26, 2026 at 8:00 AM ET');
    expect(formatBookedTime(thursday8am, 'en')).toBe('Thursday, November 26, 2026 at 8:00 AM ET');
    expect(formatClockTime(thursday8am)).toBe('8:00 AM');
  });
  it('writes it the Quebec and Ontario French way', () => {
    expect(plain(formatBookedTime(thursday8am, 'fr'))).toBe('jeudi 26 novembre 2026, 8 h 00 HE');
    // A line never breaks inside the time: its spaces are non-breaking.
    expect(formatBookedTime(thursday8am, 'fr')).toMatch(/, 8\u00a0h\u00a000\u00a0HE$/);
    expect(formatClockTime('2026-11-26T19:05:00Z', 'fr')).toBe('14\u00a0h\u00a005');
    expect(plain(formatDate(thursday8am, 'fr'))).toBe('26 novembre 2026');
    expect(plain(formatShortDate(thursday8am, 'fr'))).toBe('26 nov. 2026');
    expect(plain(formatCalendarDay('2026-11-30', 'fr'))).toBe('lun. 30 nov.');
  });
  it('keeps Toronto time in both languages (the day turns at Toronto midnight)', () => {
    expect(formatDate('2026-11-27T04:30:00Z', 'en')).toBe('November 26, 2026');
    expect(plain(formatDate('2026-11-27T04:30:00Z', 'fr'))).toBe('26 novembre 2026');
  });
});

describe('money and numbers follow the language', () => {
  it('writes dollars as $110.00 in English and 110,00 $ in French', () => {
    expect(formatCents(11000)).toBe('$110.00');
    expect(plain(formatCents(11000, 'fr'))).toBe('110,00 $');
    expect(plain(formatCents(123450, 'fr'))).toBe('1 234,50 $');
    expect(plain(formatDollars(19.999, 'fr'))).toBe('20,00 $');
  });
  it('writes a rating with a decimal comma in French', () => {
    expect(formatRating(4.7)).toBe('4.7');
    expect(formatRating(4.7, 'fr')).toBe('4,7');
    expect(formatRating(5, 'fr')).toBe('5,0');
    expect(plain(formatNumber(1250, 'fr'))).toBe('1 250');
  });
});

describe('languages and addresses', () => {
  it('negotiates Accept-Language among English and French', () => {
    expect(negotiateLocale('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(negotiateLocale('en-US,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(negotiateLocale('de-DE,fr;q=0.5')).toBe('fr');
    expect(negotiateLocale('de-DE')).toBeNull();
    expect(negotiateLocale('fr;q=0, en')).toBe('en');
    expect(negotiateLocale(undefined)).toBeNull();
  });
  it('puts French pages under /fr and finds the twin of a page', () => {
    expect(splitLocalePath('/fr/provider/7')).toEqual({ locale: 'fr', path: '/provider/7' });
    expect(splitLocalePath('/fr')).toEqual({ locale: 'fr', path: '/' });
    expect(splitLocalePath('/french-fries')).toEqual({ locale: 'en', path: '/french-fries' });
    expect(localizePath('/', 'fr')).toBe('/fr');
    expect(localizePath('/services?city=ottawa', 'fr')).toBe('/fr/services?city=ottawa');
    expect(twinPath('/fr/services?city=ottawa#top', 'en')).toBe('/services?city=ottawa#top');
    expect(twinPath('/provider/3', 'fr')).toBe('/fr/provider/3');
  });
});
