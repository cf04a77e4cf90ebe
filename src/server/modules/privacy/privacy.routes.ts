import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import {
  accountDeletedSchema,
  deleteAccountBodySchema,
  deletionPreviewSchema,
  personalDataSchema,
  promotionalEmailBodySchema,
  promotionalEmailSentSchema,
  promotionalEmailsSchema,
  unsubscribeBodySchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from '../../../shared/contract/privacy';
import type { AppDeps } from '../../app-deps';
import { perAccount } from '../../plugins/rate-limit';
import { clearSessionCookie, requireUser, rolesOnly, signedInOnly } from '../../plugins/session';
import { deleteAccount, deletionPreview } from './privacy.deletion';
import { exportPersonalData, exportPersonalDataFor } from './privacy.export';
import { promotionalEmailsOverview, sendPromotionalEmail } from './privacy.promotional';
import { unsubscribe, unsubscribeKey } from './privacy.unsubscribe';

/** Privacy and consent (docs/product.md §15): download, deletion, unsubscribe, promotional e-mail. */

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
};

/** The person's own data: signed-in only, refused before the body is read. */
const ownDataRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', signedInOnly);

  app.get(
    '/user/export',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Download my data: everything Trillium holds about me, as a JSON attachment',
        response: { 200: personalDataSchema, ...errors },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: perAccount } },
    },
    async (request, reply) => {
      const data = await exportPersonalData(deps, requireUser(request).id);
      reply.header(
        'content-disposition',
        `attachment; filename="trillium-my-data-${data.generatedAt.slice(0, 10)}.json"`,
      );
      return data;
    },
  );

  app.get(
    '/user/deletion-preview',
    {
      schema: {
        tags: ['privacy'],
        summary: 'What deleting my account now would cancel and refund',
        response: { 200: deletionPreviewSchema, ...errors },
      },
    },
    async (request) => deletionPreview(deps, requireUser(request)),
  );

  app.delete(
    '/user',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Delete my account (with the current password): bookings cancelled, personal data erased',
        body: deleteAccountBodySchema,
        response: { 200: accountDeletedSchema, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: perAccount } },
    },
    async (request, reply) => {
      const deleted = await deleteAccount(deps, requireUser(request), request.body);
      clearSessionCookie(reply, deps.env);
      return deleted;
    },
  );
};

/**
 * One-click unsubscribe, signed out: the token is the credential. Mail clients post
 * `List-Unsubscribe=One-Click` as a form (RFC 8058) to the address in the List-Unsubscribe header.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Made now, not by the first request: a refused request never writes anything.
  await unsubscribeKey(deps.db);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 2048 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) =>
      done(
        null,
        /name="List-Unsubscribe"\s+One-Click/.test(String(body)) ? { 'List-Unsubscribe': 'One-Click' } : {},
      ),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Stop promotional e-mails (one-click, no sign-in: the signed token is the credential)',
        querystring: unsubscribeQuerySchema,
        body: unsubscribeBodySchema,
        response: { 200: unsubscribedSchema, 400: errorSchema },
      },
    },
    async (request) =>
      unsubscribe(
        deps,
        request.body?.token ?? request.query.token,
        request.body?.['List-Unsubscribe'] === 'One-Click' ? 'one_click_unsubscribe' : 'unsubscribe_link',
      ),
  );
};

/** Admins: a person's data exported on their request (recorded in the audit log), promotional e-mail. */
const adminPrivacyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', rolesOnly('admin'));

  app.get(
    '/admin/users/:id/export',
    {
      schema: {
        tags: ['privacy'],
        summary: "Export a person's data for them (admins; recorded in the audit log)",
        params: idParamsSchema,
        response: { 200: personalDataSchema, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 hour', keyGenerator: perAccount } },
    },
    async (request, reply) => {
      const data = await exportPersonalDataFor(deps, requireUser(request), request.params.id);
      reply.header(
        'content-disposition',
        `attachment; filename="trillium-data-${request.params.id}-${data.generatedAt.slice(0, 10)}.json"`,
      );
      return data;
    },
  );

  app.get(
    '/admin/promotional-emails',
    {
      schema: {
        tags: ['privacy'],
        summary: 'How many people opted in to promotional e-mail, and the last ones sent (admins)',
        response: { 200: promotionalEmailsSchema, ...errors },
      },
    },
    async () => promotionalEmailsOverview(deps),
  );

  app.post(
    '/admin/promotional-emails',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Send a promotional e-mail to everyone who opted in (admins)',
        body: promotionalEmailBodySchema,
        response: { 202: promotionalEmailSentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await sendPromotionalEmail(deps, requireUser(request), request.body);
      return reply.status(202).send(sent);
    },
  );
};

export const privacyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(ownDataRoutes, deps);
  await app.register(unsubscribeRoutes, deps);
  await app.register(adminPrivacyRoutes, deps);
};
