import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamsSchema } from '../../../shared/contract/common';
import {
  adminAnnouncementSchema,
  adminAnnouncementsResponseSchema,
  adminPromotionSchema,
  adminPromotionsResponseSchema,
  announcementBodySchema,
  announcementPatchSchema,
  promotionBodySchema,
  promotionPatchSchema,
  validatePromoCodeBodySchema,
  validatePromoCodeResponseSchema,
} from '../../../shared/contract/promotions';
import type { AppDeps } from '../../app-deps';
import { perAccount } from '../../plugins/rate-limit';
import { requireUser, rolesOnly, signedInOnly } from '../../plugins/session';
import {
  adminAnnouncements,
  adminPromotions,
  changeAnnouncement,
  changePromotion,
  createAnnouncement,
  createPromotion,
} from './promotions.admin';
import { validatePromoCode } from './promotions.usecases';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** POST /api/promo-codes/validate: a signed-in customer checks a code for a service (docs/product.md §7). */
export const promoCodeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', signedInOnly);
  app.post(
    '/promo-codes/validate',
    {
      schema: {
        tags: ['promotions'],
        summary: "A promo code's discount on a provider's service, or why it cannot be used",
        body: validatePromoCodeBodySchema,
        response: { 200: validatePromoCodeResponseSchema, ...errors, 429: errorSchema },
      },
      // Guessing codes is slow: per account, across processes.
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '10 minutes',
          keyGenerator: perAccount,
        },
      },
    },
    async (request) => validatePromoCode(deps, requireUser(request), request.body),
  );
};

/** /api/admin/promotions and /api/admin/announcements: admins only, every change in the audit log. */
export const promotionAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', rolesOnly('admin'));
  const asAdmin = (request: FastifyRequest) => ({
    db: deps.db,
    clock: deps.clock,
    adminUserId: requireUser(request).id,
  });

  app.get(
    '/admin/promotions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every promotion (scheduled, running, ended, inactive) with its uses',
        response: { 200: adminPromotionsResponseSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => adminPromotions(deps),
  );
  app.post(
    '/admin/promotions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a promotion, with or without a promo code',
        body: promotionBodySchema,
        response: { 200: adminPromotionSchema, ...errors },
      },
    },
    async (request) => createPromotion(asAdmin(request), request.body),
  );
  app.patch(
    '/admin/promotions/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a promotion: its texts, code terms, dates, limits; isActive false deactivates it',
        params: idParamsSchema,
        body: promotionPatchSchema,
        response: { 200: adminPromotionSchema, ...errors },
      },
    },
    async (request) => changePromotion(asAdmin(request), request.params.id, request.body),
  );
  app.get(
    '/admin/announcements',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every announcement, scheduled and taken down ones too',
        response: { 200: adminAnnouncementsResponseSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => adminAnnouncements(deps),
  );
  app.post(
    '/admin/announcements',
    {
      schema: {
        tags: ['admin'],
        summary: 'Publish an announcement now, or at a later time',
        body: announcementBodySchema,
        response: { 200: adminAnnouncementSchema, ...errors },
      },
    },
    async (request) => createAnnouncement(asAdmin(request), request.body),
  );
  app.patch(
    '/admin/announcements/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change an announcement; isActive false takes it down',
        params: idParamsSchema,
        body: announcementPatchSchema,
        response: { 200: adminAnnouncementSchema, ...errors },
      },
    },
    async (request) => changeAnnouncement(asAdmin(request), request.params.id, request.body),
  );
};
