import { categoriesResponseSchema } from '@shared/contract/catalog';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, apiRequestWithHeaders, isApiError } from './api-client';

function answer(status: number, body: string, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(body, { status, headers }));
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('parses the answer with the contract schema and sends cookies', async () => {
    const fetchMock = answer(200, JSON.stringify([{ id: 1, name: 'Home Cleaning', slug: 'home-cleaning' }]));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/categories', categoriesResponseSchema)).resolves.toEqual([
      { id: 1, name: 'Home Cleaning', slug: 'home-cleaning' },
    ]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/categories',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('throws "status: text" with the code and message of the JSON body', async () => {
    const body = JSON.stringify({
      code: 'providers.not_found',
      message: 'The service provider was not found.',
    });
    vi.stubGlobal('fetch', answer(404, body));
    const error = await apiRequest('/api/providers/9', categoriesResponseSchema).catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`404: ${body}`);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).code).toBe('providers.not_found');
    expect((error as ApiError).serverMessage).toBe('The service provider was not found.');
  });

  it('falls back to the status text when the body is empty and not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })),
    );
    const error = (await apiRequest('/api/categories', categoriesResponseSchema).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.code).toBeUndefined();
  });

  it('rejects an answer that does not match the contract', async () => {
    vi.stubGlobal('fetch', answer(200, JSON.stringify([{ id: 'x' }])));
    await expect(apiRequest('/api/categories', categoriesResponseSchema)).rejects.toThrow();
  });

  it('returns the headers too when asked (X-Total-Count)', async () => {
    vi.stubGlobal('fetch', answer(200, '[]', { 'X-Total-Count': '64' }));
    const { data, headers } = await apiRequestWithHeaders('/api/categories', categoriesResponseSchema);
    expect(data).toEqual([]);
    expect(headers.get('X-Total-Count')).toBe('64');
  });
});
