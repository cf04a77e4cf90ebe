import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertUser } from '../../src/server/db/seed/factories';
import type { TestContext } from './app';
import { type Client, createClient } from './http';

/** API test steps shared by the booking-life tests: a new signed-in customer, and a booking paid for. */

export type Customer = Client & { email: string };

/**
 * A new customer account (or an admin's, with `role`), signed in with "remember me" (so moving the clock by days keeps the
 * session) from its own address.
 */
export async function signedInCustomer(
  ctx: Pick<TestContext, 'app' | 'database'>,
  input: { email: string; fullName: string; ip: string; role?: 'admin' },
): Promise<Customer> {
  await insertUser(ctx.database.db, {
    email: input.email,
    fullName: input.fullName,
    password: DEMO_PASSWORD,
    ...(input.role ? { role: input.role } : {}),
  });
  const client = createClient(ctx, { ip: input.ip });
  const res = await client.post('/api/login', {
    email: input.email,
    password: DEMO_PASSWORD,
    remember: true,
  });
  expect(res.status).toBe(200);
  return Object.assign(client, { email: input.email });
}

/** Holds a time and pays with the sandbox's good card; answers the hold's answer. */
export async function bookAndPay(
  client: Customer,
  input: { providerId: number; serviceDate: string; customerName?: string; extra?: Record<string, unknown> },
) {
  const { hold, paymentMethodId } = await holdWithCard(client, input);
  const paid = await client.post('/api/confirm-payment-intent', {
    paymentIntentId: hold.paymentIntentId,
    paymentMethodId,
  });
  expect(paid.status).toBe(200);
  return hold;
}

/** A hold and a good sandbox card for it, short of paying (bookAndPay's first two steps). */
export async function holdWithCard(
  client: Customer,
  input: { providerId: number; serviceDate: string; customerName?: string; extra?: Record<string, unknown> },
) {
  const held = await client.post('/api/create-payment-intent', {
    providerId: input.providerId,
    serviceDate: input.serviceDate,
    customerName: input.customerName ?? 'Test Customer',
    customerEmail: client.email,
    ...input.extra,
  });
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  return {
    hold: held.body as { bookingId: number; paymentIntentId: string; referenceNumber: string },
    paymentMethodId: await sandboxCard(client),
  };
}

/** A card of the built-in sandbox (the good 4242 card unless told), as the payment form makes it; its id. */
export async function sandboxCard(client: Client, number = '4242424242424242') {
  const res = await client.post('/api/payments/sandbox/payment-methods', {
    number,
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
  });
  expect(res.status).toBe(200);
  return res.body.id as string;
}
