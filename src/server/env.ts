import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { hstNumberProblem, normalizeHstNumber } from '../shared/domain/hst';

const booleanFromText = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY as Fastify's `trustProxy` takes it: false (nobody), a hop count, or a list of addresses. */
export function parseTrustProxy(value: string | undefined): false | number | string[] | 'invalid' {
  if (value === undefined || value === '' || value === 'false') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const parts = value.split(',').map((p) => p.trim());
  const valid = parts.every((part) => {
    if (NAMED_RANGES.has(part)) return true;
    const [address, bits, extra] = part.split('/');
    if (extra !== undefined || !address || isIP(address) === 0) return false;
    if (bits === undefined) return true;
    const max = isIP(address) === 4 ? 32 : 128;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
  });
  return valid && parts.length > 0 ? parts : 'invalid';
}

/** The postal address in every e-mail's footer (CASL) until `MAIL_POSTAL_ADDRESS` names the real one. */
export const DEFAULT_POSTAL_ADDRESS = 'Trillium Marketplace, PO Box 1000, Station A, Toronto, ON M5W 1E6';

/** The seller on receipts until `TRILLIUM_LEGAL_NAME` and `TRILLIUM_HST_NUMBER` name the real one. */
export const DEFAULT_LEGAL_NAME = 'Trillium Marketplace Inc.';
export const DEFAULT_HST_NUMBER = '721140309RT0001';

/** Every setting the server reads, with working defaults: `npm start` needs none of them. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SEED_DEMO: booleanFromText(true),
    PUBLIC_URL: z.string().url('PUBLIC_URL must be a full URL such as https://trillium.example').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CLIENT_DIST: z.string().default('./dist/client'),
    /** E-mail delivery; without it messages stay in the outbox and are printed to the log. */
    SMTP_URL: z
      .string()
      .regex(
        /^smtps?:\/\/[^\s]+$/,
        'SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:pass@host:port)',
      )
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default('Trillium <no-reply@trillium.test>'),
    SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an e-mail address').default('support@trillium.test'),
    /** Trillium's postal address, printed in every e-mail's footer (CASL). */
    MAIL_POSTAL_ADDRESS: z
      .string()
      .trim()
      .min(10, 'MAIL_POSTAL_ADDRESS must be a full postal address')
      .max(200, 'MAIL_POSTAL_ADDRESS must be at most 200 characters')
      .default(DEFAULT_POSTAL_ADDRESS),
    /** Trillium's legal name, printed on receipts and credit notes as the seller of the service fee. */
    TRILLIUM_LEGAL_NAME: z
      .string()
      .trim()
      .min(2, 'TRILLIUM_LEGAL_NAME must be the business name receipts print')
      .max(120, 'TRILLIUM_LEGAL_NAME must be at most 120 characters')
      .default(DEFAULT_LEGAL_NAME),
    /** Trillium's HST registration number (123456782RT0001), printed on receipts for the fee's HST. */
    TRILLIUM_HST_NUMBER: z
      .string()
      .transform(normalizeHstNumber)
      .refine((v) => hstNumberProblem(v) === null, {
        message: 'TRILLIUM_HST_NUMBER must be 9 digits (a valid business number), RT and 4 digits',
      })
      .default(DEFAULT_HST_NUMBER),
    // Stripe: with a secret key the same flow runs on PaymentIntents and Stripe Elements instead of the sandbox.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY must look like sk_test_...')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Verifies `POST /api/payouts/webhook` (Stripe Connect events); STRIPE_WEBHOOK_SECRET when unset. */
    STRIPE_CONNECT_WEBHOOK_SECRET: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Keeps metrics and answers GET /api/metrics (Prometheus) and /api/metrics.json to loopback callers. */
    METRICS: booleanFromText(false),
    /** Keeps metrics and answers them to anyone sending `Authorization: Bearer <token>` (a scraper elsewhere). */
    METRICS_TOKEN: z
      .string()
      .min(16, 'METRICS_TOKEN must be at least 16 characters')
      .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** How often expired holds are freed and missed payments reconciled. */
    JOBS_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /**
     * Rate limits are counted in the database by default; with this set, in Redis
     * (`redis://[:password@]host:port[/db]` or `rediss://` for TLS).
     */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/, 'REDIS_URL must be a redis:// or rediss:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Which proxies' `X-Forwarded-For` / `-Proto` to believe (docs/deploy.md): unset trusts nobody;
     * `loopback`, addresses or CIDR ranges separated by commas, or a hop count (`1`).
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if (parsed === 'invalid') {
          ctx.addIssue({
            code: 'custom',
            message:
              'TRUST_PROXY must be loopback, linklocal, uniquelocal, IP addresses or CIDR ranges (comma-separated), or a hop count like 1',
          });
          return z.NEVER;
        }
        return parsed;
      }),
    /**
     * SMS reminders through Twilio's REST API: all three set, or none (then SMS are logged, not sent).
     * TWILIO_FROM is the sending number in E.164 (`+14165550100`).
     */
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC\w{32}$/, 'TWILIO_ACCOUNT_SID must look like AC followed by 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    TWILIO_AUTH_TOKEN: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    TWILIO_FROM: z
      .string()
      .regex(/^\+\d{8,15}$/, 'TWILIO_FROM must be a phone number in E.164, like +14165550100')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Where Twilio calls go; only tests change it (a local fake of the one endpoint used). */
    TWILIO_API_BASE: z.url('TWILIO_API_BASE must be a URL').default('https://api.twilio.com'),
    /** Where the Stripe SDK sends its calls; only tests change it (a local fake of the few endpoints used). */
    STRIPE_API_BASE: z.url('STRIPE_API_BASE must be a URL').optional(),
  })
  .refine(
    (env) =>
      [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].every((v) => v === undefined) ||
      [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].every((v) => v !== undefined),
    {
      message: 'set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together (or none of them)',
      path: ['TWILIO_ACCOUNT_SID'],
    },
  )
  .refine((env) => !env.STRIPE_SECRET_KEY || (env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET), {
    message: 'with STRIPE_SECRET_KEY, set STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET too',
    path: ['STRIPE_SECRET_KEY'],
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  }));

export type Env = z.infer<typeof envSchema>;

/** Reads the environment, or explains exactly what is wrong and exits. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new Error(`Trillium cannot start: the environment is not valid.\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * Reads `.env` from the working folder when there is one (`.env.example` shows every setting). A
 * variable already set in the environment wins over the file.
 */
export function loadDotEnv(file = '.env') {
  if (existsSync(file)) process.loadEnvFile(file);
}
