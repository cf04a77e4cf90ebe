import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { Locale } from '../../shared/i18n/locales';
import { errorChain, hasErrorCode, missingReference } from '../db/errors';
import { type AppError, isAppError } from '../errors';
import { authErrors } from '../modules/auth/auth.errors';
import { requestErrors } from './request.errors';
import { errorText, validationText } from '../i18n/server-i18n';
import { requestLocale } from '../i18n/request-locale';

const GENERIC_5XX = 'Something went wrong on our side. Please try again in a moment.';

/** A sentence of this file's own, in the request's language (src/server/locales/fr/errors.json). */
const own = (locale: Locale, key: string, english: string) => errorText(locale, { key, english });

/** Turns a schema failure into one sentence that names the parameter or field, in the request's language. */
function validationMessage(
  error: {
    validation: { instancePath: string; message?: string }[];
    validationContext?: string;
  },
  locale: Locale,
) {
  const first = error.validation[0];
  if (!first) return own(locale, 'validation_failed', 'The request is not valid.');
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const message = first.message ? validationText(locale, first.message) : 'is not valid';
  if (!field) return message;
  return message.startsWith(field) ? message : `${field}: ${message}`;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled (statement_timeout)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
]);

/** The database is down, restarting, overloaded or the pool is exhausted: a 503 to retry, not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of errorChain(error)) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (
      typeof e.message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated|connection is closed|connection error and is not queryable|not queryable/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}

/** Text PostgreSQL cannot store (a NUL character, an invalid byte sequence): the client's mistake. */
function isUnstorableText(error: unknown): boolean {
  return hasErrorCode(error, '22021', '22P05');
}

/**
 * An upload whose multipart body is broken (no boundary, cut short, a malformed part header): busboy,
 * which @fastify/multipart reads bodies with, says so with a plain Error and no status, whether the
 * route is walking the parts or reading a file. Recognised by where it was thrown, not by its words.
 */
function isMalformedMultipart(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (/[\\/]@fastify[\\/]busboy[\\/]/.test(e.stack?.split('\n')[1] ?? '')) return true;
  }
  return false;
}

/** Fastify's own 4xx codes in our vocabulary: clients switch on `code`, never on framework internals. */
const FRAMEWORK_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.invalid_length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.invalid_json',
  FST_ERR_CTP_EMPTY_TYPE: 'request.unsupported_media_type',
  FST_ERR_CTP_INVALID_TYPE: 'request.unsupported_media_type',
  FST_ERR_VALIDATION: 'validation_failed',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'request.unsupported_media_type',
};

function clientErrorCode(status: number, code: string | undefined): string {
  if (status === 429) return 'rate_limited';
  if (code && FRAMEWORK_CODES[code]) return FRAMEWORK_CODES[code];
  if (status === 413) return 'request.too_large';
  if (status === 415) return 'request.unsupported_media_type';
  if (status === 404) return 'not_found';
  return 'bad_request';
}

/** Replies whose message this handler wrote, already in the request's language. */
const localized = new WeakSet<object>();

/**
 * A `{ code, message }` a route sent itself (a card declined by the processor, say) is in English; for
 * a French request it gets its code's sentence from the French catalog when there is one.
 */
async function localizeSentErrors(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode < 400 || typeof payload !== 'string' || localized.has(reply)) return payload;
  if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
  const locale = requestLocale(request);
  if (locale === 'en') return payload;
  try {
    const body = JSON.parse(payload) as { code?: unknown; message?: unknown };
    if (typeof body.code !== 'string' || typeof body.message !== 'string') return payload;
    const message = errorText(locale, { key: body.code, english: body.message });
    return message === body.message ? payload : JSON.stringify({ ...body, message });
  } catch {
    return payload;
  }
}

/**
 * A write whose foreign key points at a row removed while the request ran is a race the person lost,
 * not a fault of ours (docs/product.md §3): the account's own row (it was deleted from another tab or
 * device) asks them to sign in, as their next request would; anything else (a listing withdrawn, a
 * service removed) is a 409 to reload and try again. Routes that know better map it first.
 */
function lostRace(error: unknown, request: FastifyRequest): AppError | null {
  const missing = missingReference(error);
  if (!missing) return null;
  request.log.warn({ err: error }, 'a write referred to a row removed meanwhile');
  const user = (request as { user?: { id: number } | null }).user;
  if (user && missing.constraint?.endsWith('_users_id_fk') && missing.id === String(user.id))
    return authErrors.signInRequired();
  return requestErrors.referenceGone();
}

/** One place that decides what a failure looks like to a client: `{ code, message }`, never a stack. */
export function registerErrorHandler(app: FastifyInstance) {
  app.addHook('onSend', localizeSentErrors);
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    localized.add(reply);
    const error = (lostRace(thrown, request) as FastifyError | null) ?? thrown;
    if (isAppError(error)) {
      // A 5xx of ours (a processor away, say) is logged with what caused it.
      if (error.statusCode >= 500) request.log.warn({ err: error, cause: error.cause }, error.message);
      reply.headers(error.headers);
      const message = errorText(requestLocale(request), {
        key: error.translation.key,
        english: error.message,
        values: error.translation.values,
      });
      return reply.status(error.statusCode).send({ code: error.code, message });
    }
    const locale = requestLocale(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ code: 'validation_failed', message: validationMessage(error, locale) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply
        .status(500)
        .send({ code: 'internal_error', message: own(locale, 'internal_error', GENERIC_5XX) });
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({
        code: 'invalid_text',
        message: own(locale, 'invalid_text', 'Text may not contain NUL or other invalid characters.'),
      });
    }
    if (isMalformedMultipart(error)) {
      return reply.status(400).send({
        code: 'request.malformed_multipart',
        message: own(
          locale,
          'request.malformed_multipart',
          'The upload was cut short or is not valid. Please choose the files and try again.',
        ),
      });
    }
    const status = isDatabaseUnavailable(error) ? 503 : (error.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      const code = clientErrorCode(status, error.code);
      // Fastify's own sentences (a body too large, a rate limit) are English: French gets the code's.
      const english = error.message || 'The request is not valid.';
      return reply.status(status).send({ code, message: own(locale, code, english) });
    }
    const outage = status === 503;
    if (outage) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '2');
    } else {
      request.log.error({ err: error }, 'request failed');
    }
    return reply.status(outage ? 503 : 500).send({
      code: outage ? 'service_unavailable' : 'internal_error',
      message: outage
        ? own(
            locale,
            'service_unavailable',
            'Trillium is briefly unavailable. Please try again in a few seconds.',
          )
        : own(locale, 'internal_error', GENERIC_5XX),
    });
  });
}
