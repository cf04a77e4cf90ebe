import { createTransport } from 'nodemailer';
import type { Locale } from '../../../shared/i18n/locales';

/**
 * A file sent with a message: a booking's calendar entry (UTF-8 text), or a receipt's PDF (its bytes
 * in base64, `encoding: 'base64'`).
 */
export type MailAttachment = { filename: string; contentType: string; content: string; encoding?: 'base64' };
/**
 * In the outbox, an attachment drawn only when the message leaves, from what its transaction
 * committed: a booking's receipt, or a refund's credit note. Their numbers are their transaction's last
 * statement, taken under the counter's lock, so no PDF is drawn while that lock is held
 * (docs/decisions/008-search-at-scale.md, "One receipt counter, held for one statement").
 */
export type DrawnAttachment =
  | { draw: 'receipt'; bookingId: number; locale?: Locale }
  | { draw: 'credit_note'; refundId: number; locale?: Locale };
// `locale`: the message's language, the PDF's too (English for a row written before it was kept).
export type OutboxAttachment = MailAttachment | DrawnAttachment;
export const isDrawnAttachment = (attachment: OutboxAttachment): attachment is DrawnAttachment =>
  'draw' in attachment;
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Extra header lines (a promotional e-mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};

/** Delivers one message or throws; the worker records the outcome. */
export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/** Error codes that mean "the SMTP server could not be reached or refused us", not "this message is bad". */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EAUTH',
  'ENOAUTH',
  'EPROXY',
  'ECONNREFUSED',
  'ECONNRESET',
]);

export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONNECTION_ERROR_CODES.has(code);
}

/**
 * A one-line description of a delivery error that is safe to store and log: the code, the SMTP
 * response code and the message, with any credentials in URLs removed.
 */
export function describeMailError(error: unknown): string {
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts = [
    typeof e.code === 'string' ? e.code : undefined,
    typeof e.responseCode === 'number' ? String(e.responseCode) : undefined,
  ].filter(Boolean);
  const message = typeof e.message === 'string' ? e.message : String(error);
  const text = `${parts.length ? `${parts.join(' ')}: ` : ''}${message}`
    .replace(/(\w+:\/\/)[^\s/@]*@/g, '$1[redacted]@')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

/** `jane.doe@example.com` → `j***@example.com`: enough to tell messages apart, not to read the address. */
export function redactAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at > 0 ? `${address[0]}***${address.slice(at)}` : '***';
}

/** The same for every address in a text (SMTP errors often repeat the recipient). */
export function redactAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:@]+@[\w.-]+\.[a-z]{2,}/gi, redactAddress);
}

/**
 * SMTP through nodemailer. `url` is `smtp://user:pass@host:port` (`smtps://` for implicit TLS).
 * One connection per message (no pool) with short timeouts, so an unreachable server fails fast
 * and the outbox retries later.
 */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = createTransport({
    url: options.url,
    pool: false,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: (message.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          ...(a.encoding ? { encoding: a.encoding } : {}),
        })),
        ...(message.headers && Object.keys(message.headers).length > 0 ? { headers: message.headers } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}

/** The links in a text body, for the development log. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}
