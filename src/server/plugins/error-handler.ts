import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isAppError } from '../errors';

const GENERIC_5XX = 'Something went wrong on our side. Please try again in a moment.';

/** Turns a schema failure into one sentence that names the parameter or field. */
function validationMessage(error: {
  validation: { instancePath: string; message?: string }[];
  validationContext?: string;
}) {
  const first = error.validation[0];
  if (!first) return 'The request is not valid.';
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const message = first.message ?? 'is not valid';
  if (!field) return message;
  return message.startsWith(field) ? message : `${field}: ${message}`;
}

/** One place that decides what a failure looks like to a client: `{ code, message }`, never a stack. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      reply.headers(error.headers);
      return reply.status(error.statusCode).send({ code: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ code: 'validation_failed', message: validationMessage(error) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ code: 'internal_error', message: GENERIC_5XX });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'rate_limited' : (error.code ?? 'bad_request').toLowerCase();
      return reply.status(status).send({ code, message: error.message || 'The request is not valid.' });
    }
    request.log.error({ err: error }, 'request failed');
    const outage = status === 503;
    return reply.status(outage ? 503 : 500).send({
      code: outage ? 'service_unavailable' : 'internal_error',
      message: outage ? 'Trillium is briefly unavailable. Please try again in a few seconds.' : GENERIC_5XX,
    });
  });
}
