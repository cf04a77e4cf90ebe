import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/contract/common';
import type { AppDeps } from '../../app-deps';
import { receiveSmsReply } from './sms.usecases';

/**
 * POST /api/sms/webhook: Twilio tells us about a reply. A STOP reply turns SMS Notifications off for
 * every account with that number. Only calls signed with our Twilio auth token are believed.
 */
export const smsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post(
    '/sms/webhook',
    {
      schema: {
        tags: ['sms'],
        summary: "Twilio's incoming-message webhook: a STOP reply turns SMS reminders off for that number",
        body: z.record(z.string(), z.string()).optional(),
        response: { 200: z.string(), 403: errorSchema, 404: errorSchema },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const signature = request.headers['x-twilio-signature'];
      await receiveSmsReply(deps, {
        params: (request.body ?? {}) as Record<string, string>,
        signature: typeof signature === 'string' ? signature : undefined,
      });
      // An empty TwiML answer: Twilio itself confirms the opt-out to the sender.
      return reply
        .header('content-type', 'text/xml')
        .send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    },
  );
};
