import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import {
  notificationPatchSchema,
  notificationSchema,
  notificationsResponseSchema,
} from '../../../shared/contract/notifications';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedInOnly } from '../../plugins/session';
import {
  dismissNotification,
  markAllNotificationsRead,
  markNotificationRead,
  myNotifications,
} from './notifications.usecases';

export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', signedInOnly);
  const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first',
        response: { 200: notificationsResponseSchema, 401: errorSchema },
      },
    },
    async (request) => myNotifications(deps, requireUser(request).id),
  );

  app.patch(
    '/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one read or unread',
        params: idParamsSchema,
        body: notificationPatchSchema,
        response: { 200: notificationSchema.pick({ id: true, isRead: true }), ...errors },
      },
    },
    async (request) =>
      markNotificationRead(deps, requireUser(request).id, request.params.id, request.body.isRead),
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark all read',
        response: { 204: z.null(), 401: errorSchema },
      },
    },
    async (request, reply) => {
      await markAllNotificationsRead(deps, requireUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Dismiss one',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await dismissNotification(deps, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
