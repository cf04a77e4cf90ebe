import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  homeRedirectTarget,
  isSafePath,
  peekRedirect,
  postLoginTarget,
  REDIRECT_KEY,
  storeRedirect,
  takeRedirect,
} from './redirect';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key);
    },
    setItem: (key, value) => {
      map.set(key, String(value));
    },
  };
}

describe('where people land', () => {
  it('sends partners to their dashboard and admins to /admin from the home page', () => {
    expect(homeRedirectTarget('partner')).toBe('/partner-dashboard');
    expect(homeRedirectTarget('admin')).toBe('/admin');
    expect(homeRedirectTarget('user')).toBeNull();
    expect(homeRedirectTarget(undefined)).toBeNull();
  });

  it('after sign-in prefers the stored path, then the role home, then /', () => {
    expect(postLoginTarget('admin', '/profile')).toBe('/profile');
    expect(postLoginTarget('partner', '/booking-confirmation')).toBe('/booking-confirmation');
    expect(postLoginTarget('partner', null)).toBe('/partner-dashboard');
    expect(postLoginTarget('admin', null)).toBe('/admin');
    expect(postLoginTarget('user', null)).toBe('/');
  });

  it('never follows a path to another site or back to /auth', () => {
    expect(isSafePath('/settings?tab=1')).toBe(true);
    expect(isSafePath('//evil.example/x')).toBe(false);
    expect(isSafePath('/\\evil.example')).toBe(false);
    expect(isSafePath('https://evil.example')).toBe(false);
    expect(isSafePath('/auth?tab=login')).toBe(false);
    expect(postLoginTarget('user', '//evil.example')).toBe('/');
  });
});

describe('redirectAfterLogin in browser storage', () => {
  beforeEach(() => vi.stubGlobal('window', { localStorage: memoryStorage() }));
  afterEach(() => vi.unstubAllGlobals());

  it('is stored under the spec key, read once, then cleared', () => {
    storeRedirect('/profile');
    expect(window.localStorage.getItem(REDIRECT_KEY)).toBe('/profile');
    expect(peekRedirect()).toBe('/profile');
    expect(takeRedirect()).toBe('/profile');
    expect(takeRedirect()).toBeNull();
    expect(window.localStorage.getItem(REDIRECT_KEY)).toBeNull();
  });

  it('ignores unsafe paths, stored or planted', () => {
    storeRedirect('//evil.example');
    expect(peekRedirect()).toBeNull();
    window.localStorage.setItem(REDIRECT_KEY, 'https://evil.example');
    expect(takeRedirect()).toBeNull();
  });
});
