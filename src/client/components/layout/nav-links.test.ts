import { describe, expect, it } from 'vitest';
import { testTranslator } from '@/lib/i18n/testing';
import { titleForPath as titleIn } from './nav-links';

const english = testTranslator('en', 'shell');
const ui = testTranslator('en', 'ui');
const titleForPath = (path: string) =>
  titleIn(path, english, (slug) => ui(`category.${slug}` as Parameters<typeof ui>[0]));

describe('titleForPath (phone top bar)', () => {
  it('names each public page from its path', () => {
    expect(titleForPath('/')).toBe('Trillium');
    expect(titleForPath('/services')).toBe('Services');
    expect(titleForPath('/services/home-cleaning')).toBe('Home Cleaning');
    expect(titleForPath('/provider/12')).toBe('Provider');
    expect(titleForPath('/service/12')).toBe('Service Details');
    expect(titleForPath('/promotions')).toBe('Promotions');
    expect(titleForPath('/announcements')).toBe('Announcements');
    expect(titleForPath('/how-it-works')).toBe('How it Works');
    expect(titleForPath('/terms')).toBe('Terms of Service');
    expect(titleForPath('/booking-confirmation')).toBe('Booking');
  });
  it('names the back-office pages', () => {
    expect(titleForPath('/register-professional')).toBe('Register as Professional');
    expect(titleForPath('/verify-email')).toBe('Email Verification');
    expect(titleForPath('/email-verified')).toBe('Email Verification');
    expect(titleForPath('/admin')).toBe('Admin Dashboard');
    expect(titleForPath('/partner-dashboard')).toBe('Provider Dashboard');
  });
  it('falls back to the not-found title', () => {
    expect(titleForPath('/nope')).toBe('Page Not Found');
  });
  it('names pages in French from the French catalog', () => {
    const french = testTranslator('fr', 'shell');
    const frUi = testTranslator('fr', 'ui');
    const titleFr = (path: string) =>
      titleIn(path, french, (slug) => frUi(`category.${slug}` as Parameters<typeof frUi>[0]));
    expect(titleFr('/bookings')).toBe('Mes réservations');
    expect(titleFr('/services/home-cleaning')).toBe('Entretien ménager');
    expect(titleFr('/nope')).toBe('Page introuvable');
  });
});
