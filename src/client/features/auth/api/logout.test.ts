import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { isPersonalQuery, signOutOptions } from './logout';

afterEach(() => vi.unstubAllGlobals());

describe('what sign-out drops from the cache', () => {
  it('drops personal data and keeps the public catalogue', () => {
    expect(isPersonalQuery(['/api/user/preferences'])).toBe(true);
    expect(isPersonalQuery(['/api/bookings'])).toBe(true);
    expect(isPersonalQuery(['/api/categories'])).toBe(false);
    expect(isPersonalQuery(['/api/providers', 'featured'])).toBe(false);
    expect(isPersonalQuery(['/api/user'])).toBe(false);
  });
});

describe('reads started while signing out', () => {
  /** fetch that holds POST /api/logout until `answerLogout`, and answers any read at once. */
  function server(logoutStatus: number) {
    let answerLogout!: () => void;
    const fetchMock = vi.fn((path: string) =>
      path === '/api/logout'
        ? new Promise<Response>((resolve) => {
            answerLogout = () => resolve(new Response(null, { status: logoutStatus }));
          })
        : Promise.resolve(new Response('[]', { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    return { fetchMock, answerLogout: () => answerLogout() };
  }
  const read = (client: QueryClient, key: string) =>
    client
      .fetchQuery({
        queryKey: [key],
        queryFn: ({ signal }) => apiRequest(key, z.array(z.unknown()), { signal }),
        retry: false,
      })
      .then(
        () => 'answered',
        () => 'called off',
      );

  it('a read of personal data is called off by the sign-out and never sent (no 401); a public one goes', async () => {
    const { fetchMock, answerLogout } = server(204);
    const client = new QueryClient();
    const signingOut = new MutationObserver(client, signOutOptions(client)).mutate();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // A card's saved-services check and the categories, both mounting during the sign-out.
    const personal = read(client, '/api/saved-services');
    const publicRead = read(client, '/api/categories');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/logout']);
    answerLogout();
    await signingOut;
    expect(await personal).toBe('called off');
    expect(await publicRead).toBe('answered');
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/logout', '/api/categories']);
  });

  it('after a sign-out that failed, the personal read goes: the person is still signed in', async () => {
    const { fetchMock, answerLogout } = server(503);
    const client = new QueryClient();
    const signingOut = new MutationObserver(client, signOutOptions(client)).mutate().catch(() => 'failed');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const personal = read(client, '/api/saved-services');
    answerLogout();
    expect(await signingOut).toBe('failed');
    expect(await personal).toBe('answered');
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/logout', '/api/saved-services']);
  });
});
