import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
  /** The charge of a succeeded intent with the card that paid (as `expand: ['latest_charge']` answers). */
  latest_charge?: {
    id: string;
    object: 'charge';
    payment_method_details: { card: { brand: string; last4: string } };
  };
};

/** Nested form keys as Stripe's SDK sends them: `metadata[bookingId]=7`. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^(\w+)\[(\w*)\]$/.exec(key);
    if (match) {
      const [, outer, inner] = match as unknown as [string, string, string];
      if (out[outer] === undefined) out[outer] = inner === '' || /^\d+$/.test(inner) ? [] : {};
      const bucket = out[outer] as Record<string, unknown> | unknown[];
      if (Array.isArray(bucket)) bucket.push(value);
      else bucket[inner] = value;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** A local stand-in for the few Stripe endpoints Trillium calls, so Stripe mode is tested offline. */
export async function startStripeFake() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, unknown>();
  const refunds: { payment_intent: string; amount: number }[] = [];
  let counter = 0;
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, parseForm(String(body))),
  );
  const idempotent = (key: unknown, make: () => unknown) => {
    if (typeof key === 'string' && byIdempotencyKey.has(key)) return byIdempotencyKey.get(key);
    const value = make();
    if (typeof key === 'string') byIdempotencyKey.set(key, value);
    return value;
  };
  app.post('/v1/payment_intents', async (request) => {
    const body = request.body as { amount: string; currency: string; metadata?: Record<string, string> };
    return idempotent(request.headers['idempotency-key'], () => {
      const id = `pi_fake_${++counter}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: body.currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_fake`,
        metadata: body.metadata ?? {},
        last_payment_error: null,
      };
      intents.set(id, intent);
      return intent;
    });
  });
  app.get('/v1/payment_intents/:id', async (request, reply) => {
    const intent = intents.get((request.params as { id: string }).id);
    if (!intent)
      return reply
        .status(404)
        .send({ error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
    return intent;
  });
  app.post('/v1/payment_intents/:id/cancel', async (request, reply) => {
    const intent = intents.get((request.params as { id: string }).id);
    if (!intent)
      return reply
        .status(404)
        .send({ error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      return reply.status(400).send({
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        },
      });
    intent.status = 'canceled';
    return intent;
  });
  let refundOutages = 0;
  let lostRefundAnswers = 0;
  // What the list of refunds answers: each refund as Stripe keeps it, metadata included.
  const refundObjects: Record<string, unknown>[] = [];
  app.post('/v1/refunds', async (request, reply) => {
    const body = request.body as {
      payment_intent: string;
      amount: string;
      metadata?: Record<string, string>;
    };
    if (refundOutages > 0) {
      refundOutages--;
      return reply.status(500).send({ error: { type: 'api_error', message: 'Stripe is having a moment.' } });
    }
    const answer = idempotent(request.headers['idempotency-key'], () => {
      refunds.push({ payment_intent: body.payment_intent, amount: Number(body.amount) });
      const refund = {
        id: `re_fake_${++counter}`,
        object: 'refund',
        status: 'succeeded',
        amount: Number(body.amount),
        payment_intent: body.payment_intent,
        metadata: body.metadata ?? {},
      };
      refundObjects.push(refund);
      return refund;
    });
    if (lostRefundAnswers > 0) {
      // The refund was made, but its answer never reached the caller.
      lostRefundAnswers--;
      return reply.status(500).send({ error: { type: 'api_error', message: 'An error occurred.' } });
    }
    return answer;
  });
  app.get('/v1/refunds', async (request) => {
    const query = request.query as { payment_intent?: string };
    const data = refundObjects.filter(
      (r) => !query.payment_intent || r.payment_intent === query.payment_intent,
    );
    return { object: 'list', url: '/v1/refunds', has_more: false, data: [...data].reverse() };
  });
  // Stripe Connect: Express accounts, onboarding links and transfers (payouts to partners).
  const accounts = new Map<
    string,
    { id: string; object: 'account'; email: string; details_submitted: boolean; payouts_enabled: boolean }
  >();
  const transfers: {
    id: string;
    amount: number;
    destination: string;
    idempotencyKey: string | undefined;
    transfer_group?: string;
    metadata: Record<string, string>;
    /** Set when Stripe reverses it in full (`reverseTransfer`), as its transfer.reversed event says. */
    reversed?: boolean;
    amount_reversed?: number;
  }[] = [];
  let transferOutages = 0;
  app.post('/v1/accounts', async (request) => {
    const body = request.body as { email: string };
    return idempotent(request.headers['idempotency-key'], () => {
      const account = {
        id: `acct_fake_${++counter}`,
        object: 'account' as const,
        email: body.email,
        details_submitted: false,
        payouts_enabled: false,
      };
      accounts.set(account.id, account);
      return account;
    });
  });
  app.get('/v1/accounts/:id', async (request, reply) => {
    const account = accounts.get((request.params as { id: string }).id);
    if (!account)
      return reply.status(404).send({ error: { type: 'invalid_request_error', message: 'No such account' } });
    return account;
  });
  app.post('/v1/account_links', async (request) => {
    const body = request.body as { account: string; return_url: string; refresh_url: string };
    return {
      object: 'account_link',
      url: `https://connect.stripe.test/setup/${body.account}?return=${encodeURIComponent(body.return_url)}`,
      expires_at: 2_000_000_000,
    };
  });
  app.post('/v1/transfers', async (request, reply) => {
    const body = request.body as {
      amount: string;
      destination: string;
      transfer_group?: string;
      metadata?: Record<string, string>;
    };
    const account = accounts.get(body.destination);
    if (!account?.payouts_enabled)
      return reply.status(400).send({
        error: {
          type: 'invalid_request_error',
          message:
            'Your destination account needs to have at least one of the following capabilities enabled: transfers',
        },
      });
    const key = request.headers['idempotency-key'] as string | undefined;
    const answer = idempotent(key, () => {
      const transfer = {
        id: `tr_fake_${++counter}`,
        amount: Number(body.amount),
        destination: body.destination,
        idempotencyKey: key,
        transfer_group: body.transfer_group,
        metadata: body.metadata ?? {},
      };
      transfers.push(transfer);
      return { ...transfer, object: 'transfer', currency: 'cad' };
    });
    if (transferOutages > 0) {
      // The transfer was made, but its answer never reached the caller.
      transferOutages--;
      return reply.status(500).send({ error: { type: 'api_error', message: 'An error occurred.' } });
    }
    return answer;
  });
  app.get('/v1/transfers', async (request) => {
    const query = request.query as { transfer_group?: string };
    const data = transfers
      .filter((t) => !query.transfer_group || t.transfer_group === query.transfer_group)
      .map((t) => ({ ...t, object: 'transfer', currency: 'cad' }))
      .reverse();
    return { object: 'list', url: '/v1/transfers', has_more: false, data };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    /** The next `count` refund calls fail as Stripe does when it is away (500). */
    failRefunds(count: number) {
      refundOutages = count;
    },
    /** The next `count` refund calls make the refund but answer 500 (the answer was lost). */
    loseRefundAnswers(count: number) {
      lostRefundAnswers = count;
    },
    /** What Stripe Elements does in the browser when the card goes through. */
    succeed(id: string) {
      const intent = intents.get(id)!;
      intent.status = 'succeeded';
      intent.latest_charge = {
        id: `ch_fake_${++counter}`,
        object: 'charge',
        payment_method_details: { card: { brand: 'mastercard', last4: '4444' } },
      };
      return intent;
    },
    decline(id: string) {
      const intent = intents.get(id)!;
      intent.last_payment_error = {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      return intent;
    },
    accounts,
    transfers,
    /** Stripe reverses a transfer in full (what a transfer.reversed event then reports). */
    reverseTransfer(id: string) {
      const transfer = transfers.find((t) => t.id === id);
      if (!transfer) throw new Error(`no transfer ${id}`);
      transfer.reversed = true;
      transfer.amount_reversed = transfer.amount;
    },
    /** The next `count` transfer calls make the transfer but answer 500 (the answer was lost). */
    loseTransferAnswers(count: number) {
      transferOutages = count;
    },
    /** Stripe keeps idempotency keys for 24 hours: what a request sent again days later meets. */
    forgetIdempotencyKeys() {
      byIdempotencyKey.clear();
    },
    /** What the partner does on Stripe's hosted onboarding pages. */
    completeOnboarding(id: string) {
      const account = accounts.get(id)!;
      account.details_submitted = true;
      account.payouts_enabled = true;
      return account;
    },
    close: () => app.close(),
  };
}
