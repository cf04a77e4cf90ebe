import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminApplicationSchema,
  adminApplicationsResponseSchema,
  adminBookingSchema,
  adminBookingsResponseSchema,
  adminBookingUpdateBodySchema,
  adminJobsSchema,
  adminUserSchema,
  adminUsersResponseSchema,
  adminUserUpdateBodySchema,
  applicationDecisionBodySchema,
} from '../../../shared/contract/admin';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import type { FastifyRequest } from 'fastify';
import { requireUser, rolesOnly } from '../../plugins/session';
import {
  allBookings,
  allUsers,
  applicationsForReview,
  changeUserRole,
  decideApplication,
  jobsQueue,
  retryJob,
} from './admin.usecases';
import { updateBookingByAdmin } from './admin.bookings';

/** /api/admin/*: admins only, checked on the server before anything else (docs/product.md §3). */
export const adminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', rolesOnly('admin'));
  const usecaseDeps = {
    db: deps.database.db,
    clock: deps.clock,
    env: deps.env,
    catalogCache: deps.catalogCache,
    payments: deps.payments,
    storage: deps.storage,
  };
  // Every change is made as the signed-in admin, who is recorded in the audit log.
  const asAdmin = (request: FastifyRequest) => ({ ...usecaseDeps, adminUserId: requireUser(request).id });
  const errors = {
    400: errorSchema,
    401: errorSchema,
    403: errorSchema,
    404: errorSchema,
    409: errorSchema,
    502: errorSchema,
  };

  app.get(
    '/admin/applications',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every professional application, newest first',
        response: { 200: adminApplicationsResponseSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => applicationsForReview(deps),
  );

  app.patch(
    '/admin/applications/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve (category required), reject, or ask for more information',
        params: idParamsSchema,
        body: applicationDecisionBodySchema,
        response: { 200: adminApplicationSchema, ...errors },
      },
    },
    async (request) => decideApplication(asAdmin(request), request.params.id, request.body),
  );

  app.get(
    '/admin/bookings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every booking (except lapsed unpaid holds), newest first',
        response: { 200: adminBookingsResponseSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => allBookings(deps),
  );

  app.patch(
    '/admin/bookings/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Confirm Payment (only when the card payment succeeded) or Cancel (paid bookings are refunded)',
        params: idParamsSchema,
        body: adminBookingUpdateBodySchema,
        response: { 200: adminBookingSchema, ...errors },
      },
    },
    async (request) => updateBookingByAdmin(asAdmin(request), request.params.id, request.body),
  );

  app.get(
    '/admin/jobs',
    {
      schema: {
        tags: ['admin'],
        summary: 'The background job queue: counts by kind and state, and the jobs that failed every attempt',
        response: { 200: adminJobsSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return jobsQueue(deps);
    },
  );

  app.post(
    '/admin/jobs/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Run a failed job again from its first attempt',
        params: idParamsSchema,
        response: { 200: adminJobsSchema, ...errors },
      },
    },
    async (request) => retryJob(asAdmin(request), request.params.id),
  );

  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every user, newest first',
        response: { 200: adminUsersResponseSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => allUsers(deps),
  );

  app.patch(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Switch a user between user and partner (admin accounts cannot be changed)',
        params: idParamsSchema,
        body: adminUserUpdateBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => changeUserRole(asAdmin(request), request.params.id, request.body.role),
  );
};
