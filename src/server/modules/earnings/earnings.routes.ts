import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import {
  adminPayoutListSchema,
  adminPayoutSchema,
  adminPayoutsQuerySchema,
  csvRangeQuerySchema,
  ledgerCheckSchema,
  onboardingLinkSchema,
  partnerEarningsSchema,
  payoutAccountSchema,
  payoutListSchema,
  payoutRunSchema,
  platformIncomeSchema,
  sellerReportQuerySchema,
  sellerTaxDetailsAnswerSchema,
  sellerTaxDetailsBodySchema,
  sellerTaxDetailsSchema,
} from '../../../shared/contract/earnings';
import type { AppDeps } from '../../app-deps';
import { requireUser, rolesOnly } from '../../plugins/session';
import { applyPayoutEvent, payoutAccountOf, startOnboarding } from './earnings.connect';
import { earningsErrors } from './earnings.errors';
import { stripeAccountState } from './earnings.stripe';
import { type PayoutRecorder, runPayouts } from './earnings.payouts';
import { recordAdminAction } from '../audit/audit.usecases';
import {
  adminPayouts,
  checkLedger,
  ledgerCsv,
  partnerEarnings,
  partnerEarningsCsv,
  partnerPayouts,
  platformIncome,
  retryFailedPayout,
  saveSellerTaxDetailsOf,
  sellerReportCsv,
  sellerTaxDetailsOf,
} from './earnings.usecases';

const csvHeaders = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'private, no-store',
});

const rangeName = (q: { from?: string; to?: string }) => `${q.from ?? 'start'}_to_${q.to ?? 'now'}`;

/** A partner's earnings and payouts (/api/partner/*) and the admins' payouts and ledger (/api/admin/*). */
export const earningsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const payoutDeps = () => ({ db: deps.db, clock: deps.clock, payouts: deps.payouts, log: deps.log });
  /** Each payout an admin's action makes or sends again, in the audit log (decision 009). */
  const auditedBy =
    (request: FastifyRequest, action: 'payout.run' | 'payout.retried'): PayoutRecorder =>
    (tx, payout) =>
      recordAdminAction(tx, {
        adminUserId: requireUser(request).id,
        action,
        targetType: 'payout',
        targetId: payout.id,
        after: { providerId: payout.providerId, amountCents: payout.amountCents, state: payout.state },
        at: deps.clock.now(),
      });
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

  await app.register(async (scope) => {
    const partner = scope.withTypeProvider<ZodTypeProvider>();
    partner.addHook('onRequest', rolesOnly('partner'));

    partner.get(
      '/partner/earnings',
      {
        schema: {
          tags: ['partner'],
          summary:
            'Available, pending and paid earnings, the next payout date and each booking, from the ledger',
          response: { 200: partnerEarningsSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request) => partnerEarnings(deps, requireUser(request)),
    );

    partner.get(
      '/partner/payouts',
      {
        schema: {
          tags: ['partner'],
          summary: "The partner's payouts, newest first, with the bookings each covers",
          response: { 200: payoutListSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request) => partnerPayouts(deps, requireUser(request)),
    );

    partner.get(
      '/partner/tax-details',
      {
        schema: {
          tags: ['partner'],
          summary:
            "The seller's details for CRA platform reporting (legal name, business number, address), or null",
          response: { 200: sellerTaxDetailsAnswerSchema, ...errors },
        },
      },
      async (request) => sellerTaxDetailsOf(deps, requireUser(request)),
    );

    partner.put(
      '/partner/tax-details',
      {
        schema: {
          tags: ['partner'],
          summary: 'Save the seller details CRA platform reporting needs (no SIN is ever asked)',
          body: sellerTaxDetailsBodySchema,
          response: { 200: sellerTaxDetailsSchema, ...errors },
        },
      },
      async (request) => saveSellerTaxDetailsOf(deps, requireUser(request), request.body),
    );

    partner.get(
      '/partner/payout-account',
      {
        schema: {
          tags: ['partner'],
          summary: 'How the partner is paid: the sandbox, or their Stripe account (details needed, enabled)',
          response: { 200: payoutAccountSchema, ...errors, 502: errorSchema },
        },
      },
      async (request) =>
        payoutAccountOf({ ...payoutDeps(), publicUrl: deps.env.PUBLIC_URL }, requireUser(request)),
    );

    partner.post(
      '/partner/payout-account/onboarding',
      {
        schema: {
          tags: ['partner'],
          summary: "Set up payouts: a link to Stripe's hosted onboarding (409 when payouts need no setup)",
          response: { 200: onboardingLinkSchema, ...errors, 502: errorSchema },
        },
      },
      async (request) =>
        startOnboarding({ ...payoutDeps(), publicUrl: deps.env.PUBLIC_URL }, requireUser(request)),
    );

    partner.get(
      '/partner/earnings.csv',
      {
        schema: {
          tags: ['partner'],
          summary: 'Earnings as CSV, one row per booking whose service date is in the range (Toronto days)',
          querystring: csvRangeQuerySchema,
          response: { 200: z.any().describe('text/csv'), ...errors },
        },
      },
      async (request, reply) => {
        const text = await partnerEarningsCsv(deps, requireUser(request), request.query);
        return reply.headers(csvHeaders(`trillium-earnings_${rangeName(request.query)}.csv`)).send(text);
      },
    );
  });

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', rolesOnly('admin'));

    admin.get(
      '/admin/payouts',
      {
        schema: {
          tags: ['admin'],
          summary: 'Payouts, newest first, optionally in one state (failed ones carry their reason)',
          querystring: adminPayoutsQuerySchema,
          response: { 200: adminPayoutListSchema, ...errors },
        },
      },
      async (request) => adminPayouts(deps, request.query.state),
    );

    admin.post(
      '/admin/payouts/:id/retry',
      {
        schema: {
          tags: ['admin'],
          summary: 'Send a failed payout again (its money left the balance again)',
          params: idParamsSchema,
          response: { 200: adminPayoutSchema, ...errors },
        },
      },
      async (request) =>
        retryFailedPayout(payoutDeps(), request.params.id, auditedBy(request, 'payout.retried')),
    );

    admin.post(
      '/admin/payouts/run',
      {
        schema: {
          tags: ['admin'],
          summary: 'Run the weekly payout now (after an outage); running it twice pays nothing twice',
          response: { 200: payoutRunSchema, ...errors },
        },
      },
      async (request) => runPayouts(payoutDeps(), deps.clock.now(), auditedBy(request, 'payout.run')),
    );

    admin.get(
      '/admin/ledger/check',
      {
        schema: {
          tags: ['admin'],
          summary: "The ledger's self-check: every booking's lines add up to zero",
          response: { 200: ledgerCheckSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return checkLedger(deps);
      },
    );

    admin.get(
      '/admin/ledger/income',
      {
        schema: {
          tags: ['admin'],
          summary: "Trillium's fee income, HST on it, promotions paid and payouts sent, per month",
          response: { 200: platformIncomeSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async () => platformIncome(deps),
    );

    admin.get(
      '/admin/reports/sellers.csv',
      {
        schema: {
          tags: ['admin'],
          summary:
            'The annual seller report for CRA platform reporting (Part XX), one row per seller paid in the year',
          querystring: sellerReportQuerySchema,
          response: { 200: z.any().describe('text/csv'), ...errors },
        },
      },
      async (request, reply) => {
        const text = await sellerReportCsv(deps, request.query.year);
        return reply.headers(csvHeaders(`trillium-sellers_${request.query.year}.csv`)).send(text);
      },
    );

    admin.get(
      '/admin/ledger.csv',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every ledger line in the range (Toronto days) as CSV, for the accountant',
          querystring: csvRangeQuerySchema,
          response: { 200: z.any().describe('text/csv'), ...errors },
        },
      },
      async (request, reply) => {
        const text = await ledgerCsv(deps, request.query);
        return reply.headers(csvHeaders(`trillium-ledger_${rangeName(request.query)}.csv`)).send(text);
      },
    );
  });
};

/**
 * Stripe's Connect events (`account.updated`, `transfer.*`, `payout.*`), signed: registered only when
 * Stripe pays out. The signature covers the exact bytes, so this route keeps the body raw.
 */
export const payoutWebhookRoutes: FastifyPluginAsync<
  AppDeps & { stripe: Stripe; webhookSecret: string }
> = async (app, deps) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/payouts/webhook',
    { schema: { tags: ['payments'], summary: 'Stripe Connect events about payouts (signed)' } },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
          throw new Error('missing signature');
        event = deps.stripe.webhooks.constructEvent(request.body, signature, deps.webhookSecret);
      } catch {
        throw earningsErrors.badSignature();
      }
      const retrieveAccount = async (accountId: string) =>
        stripeAccountState(await deps.stripe.accounts.retrieve(accountId));
      return { received: true, outcome: await applyPayoutEvent({ ...deps, retrieveAccount }, event) };
    },
  );
};
