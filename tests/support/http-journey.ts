import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { AT_HOME } from './service-address';

/** Steps of the booking journey over real HTTP, for tests that drive server processes. */

export async function postJson(baseUrl: string, path: string, body: unknown, cookie?: string) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** Signs in and answers the session cookie (`trillium_session=...`). */
export async function signInOverHttp(
  baseUrl: string,
  email = 'customer@example.com',
  password = DEMO_PASSWORD,
) {
  const res = await postJson(baseUrl, '/api/login', { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** The provider's first service (what a hold without a service books), or undefined for tiers. */
async function firstServiceId(baseUrl: string, providerId: number): Promise<number | undefined> {
  const provider = await (await fetch(`${baseUrl}/api/providers/${providerId}`)).json();
  return provider.services?.[0]?.id;
}

/**
 * The last free start in a provider's next 14 days for its first service, as the server's availability
 * answers it (the least likely to be taken by other tests).
 */
export async function lastFreeSlot(baseUrl: string, providerId: number): Promise<string> {
  const serviceId = await firstServiceId(baseUrl, providerId);
  const res = await fetch(
    `${baseUrl}/api/providers/${providerId}/availability?days=14${serviceId ? `&serviceId=${serviceId}` : ''}`,
  );
  const availability = (await res.json()) as { days: { slots: { start: string; available: boolean }[] }[] };
  return availability.days
    .flatMap((d) => d.slots)
    .filter((s) => s.available)
    .at(-1)!.start;
}

export async function holdSlot(
  baseUrl: string,
  cookie: string,
  providerId: number,
  customerEmail: string,
  serviceDate?: string,
) {
  const res = await postJson(
    baseUrl,
    '/api/create-payment-intent',
    {
      providerId,
      serviceId: await firstServiceId(baseUrl, providerId),
      serviceDate: serviceDate ?? (await lastFreeSlot(baseUrl, providerId)),
      customerName: 'Chris Customer',
      customerEmail,
      ...AT_HOME,
    },
    cookie,
  );
  return { status: res.status, body: await res.json() };
}

export async function sandboxCard(
  baseUrl: string,
  cookie: string,
  number = '4242424242424242',
): Promise<string> {
  const res = await postJson(
    baseUrl,
    '/api/payments/sandbox/payment-methods',
    { number, expMonth: 12, expYear: 2030, cvc: '123' },
    cookie,
  );
  return (await res.json()).id;
}
