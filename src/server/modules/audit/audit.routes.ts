import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogQuerySchema, auditLogResponseSchema } from '../../../shared/contract/audit';
import { errorSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import { rolesOnly } from '../../plugins/session';
import { auditLog } from './audit.usecases';

/**
 * GET /api/admin/audit-log, for admins only. There is no route that changes or removes an entry, and
 * the table's trigger refuses it anyway (migration 0010).
 */
export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', rolesOnly('admin'));
  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'The admin audit log, newest first: filter by action, admin, target and time; 50 a page',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return auditLog(deps, request.query);
    },
  );
};
