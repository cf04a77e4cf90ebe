import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSessionHint, hasSessionHint, setSessionHint } from '@/lib/session/session-hint';
import { getUser } from '@/lib/session/get-user';
import { trackSignOut } from '@/lib/session/sign-out';

const USER = {
  id: 3,
  username: 'chris',
  fullName: 'Chris Customer',
  email: 'customer@example.com',
  phone: null,
  street: null,
  unit: null,
  city: null,
  province: null,
  postalCode: null,
  role: 'user',
  emailVerified: true,
  language: 'en',
  createdAt: '2026-11-01T12:00:00.000Z',
};

/** A stand-in for document.cookie: the server sets `trillium_signed_in=1` with every session. */
function fakeDocument(cookie = '') {
  const doc = { cookie };
  return {
    get cookie() {
      return doc.cookie;
    },
    set cookie(value: string) {
      // Clearing (Max-Age=0) removes the hint; anything else is appended as a browser would.
      doc.cookie = value.includes('Max-Age=0') ? '' : value.split(';')[0]!;
    },
  };
}

beforeEach(() => vi.stubGlobal('document', fakeDocument()));
afterEach(() => vi.unstubAllGlobals());

describe('getUser (GET /api/user)', () => {
  it('does not ask the server when this browser never signed in (no 401 in the console)', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(getUser()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('returns the user parsed with the contract when signed in', async () => {
    vi.stubGlobal('document', fakeDocument('trillium_signed_in=1'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(USER), { status: 200 })),
    );
    await expect(getUser()).resolves.toMatchObject({ fullName: 'Chris Customer', role: 'user' });
    expect(hasSessionHint()).toBe(true);
  });

  it('treats 401 as "no user" and forgets the hint', async () => {
    vi.stubGlobal('document', fakeDocument('trillium_signed_in=1'));
    const body = JSON.stringify({ code: 'auth.required', message: 'Please sign in to continue.' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status: 401 })),
    );
    await expect(getUser()).resolves.toBeNull();
    expect(hasSessionHint()).toBe(false);
  });

  it('lets other failures through as errors', async () => {
    vi.stubGlobal('document', fakeDocument('trillium_signed_in=1'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('boom', { status: 503 })),
    );
    await expect(getUser()).rejects.toThrow('503: boom');
    expect(hasSessionHint()).toBe(true);
  });
});

describe('hasSessionHint', () => {
  it('reads the cookie once until an answer or the tab could have changed it', async () => {
    let reads = 0;
    const doc = fakeDocument('trillium_signed_in=1');
    vi.stubGlobal('document', {
      get cookie() {
        reads++;
        return doc.cookie;
      },
    });
    for (let i = 0; i < 50; i++) expect(hasSessionHint()).toBe(true);
    expect(reads).toBe(1);
    // Another tab signed out: the next read after focus (or any API answer) sees it.
    doc.cookie = 'trillium_signed_in=; Max-Age=0';
    expect(hasSessionHint()).toBe(true);
    forgetSessionHint();
    expect(hasSessionHint()).toBe(false);
    expect(reads).toBe(2);
  });

  it('sees a hint the server set with an API answer', async () => {
    const doc = fakeDocument();
    vi.stubGlobal('document', doc);
    expect(hasSessionHint()).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        doc.cookie = 'trillium_signed_in=1';
        return new Response(JSON.stringify(USER), { status: 200 });
      }),
    );
    const { apiRequest } = await import('@/lib/api-client');
    const { userSchema } = await import('@shared/contract/auth');
    await apiRequest('/api/login', userSchema, { method: 'POST', body: {} });
    expect(hasSessionHint()).toBe(true);
  });

  it('asked while signing out, waits for the sign-out and asks nothing once it succeeded (no 401)', async () => {
    vi.stubGlobal('document', fakeDocument('trillium_signed_in=1'));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(USER), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    let answer!: () => void;
    // The sign-out's answer clears the hint cookie (the server's Set-Cookie; logout.ts does too).
    const signOut = trackSignOut(
      new Promise<void>((resolve) => (answer = resolve)).then(() => setSessionHint(false)),
    );
    const check = getUser();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fetchMock).not.toHaveBeenCalled();
    answer();
    await signOut;
    await expect(check).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asked while a sign-out fails, asks the server after it: the person is still signed in', async () => {
    vi.stubGlobal('document', fakeDocument('trillium_signed_in=1'));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(USER), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    let refuse!: (error: Error) => void;
    const signOut = trackSignOut(new Promise<void>((_resolve, reject) => (refuse = reject)));
    const check = getUser();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fetchMock).not.toHaveBeenCalled();
    refuse(new Error('Service unavailable'));
    await expect(signOut).rejects.toThrow('Service unavailable');
    await expect(check).resolves.toMatchObject({ fullName: 'Chris Customer' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Settled: the next check asks at once.
    await expect(getUser()).resolves.toMatchObject({ fullName: 'Chris Customer' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
