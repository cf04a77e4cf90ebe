import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './browser';

/** The demo customer (src/server/db/seed/demo.ts). */
export const CUSTOMER = { email: 'customer@example.com', password: 'Trillium!2026' };

export type SeededProvider = { id: number; name: string; services: { id: number; name: string }[] };

/** A seeded provider that offers services, to book from. */
export async function providerWithServices(server: RunningServer): Promise<SeededProvider> {
  const response = await fetch(`${server.url}/api/providers?limit=20`);
  const providers = (await response.json()) as SeededProvider[];
  const found = providers.find((p) => p.services.length > 0);
  if (!found) throw new Error('the demo data has no provider with services');
  return found;
}

/** Signs in through the API: the session cookie and its readable hint cookie become the context's. */
export async function signInByApi(context: BrowserContext, server: RunningServer) {
  const response = await context.request.post(`${server.url}/api/login`, { data: CUSTOMER });
  expect(response.status()).toBe(200);
}
