import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A text Twilio received: the path it was posted to, its credentials, and its form fields. */
export type ReceivedText = { path: string; auth: string | undefined; form: Record<string, string> };

/**
 * A local stand-in for Twilio's one endpoint the server calls (POST /2010-04-01/Accounts/{sid}/Messages.json).
 * `received` holds the texts it accepted, `calls` every request's fields. `failNext(n)` answers the next
 * n requests with 503, as Twilio does when it is away; a number in `unsubscribed` gets 400 with error
 * 21610 (it replied STOP to Twilio itself), which no retry changes.
 */
export function startFakeTwilio(): Promise<{
  url: string;
  received: ReceivedText[];
  calls: Record<string, string>[];
  unsubscribed: Set<string>;
  failNext(n: number): void;
  close(): Promise<void>;
}> {
  const received: ReceivedText[] = [];
  const calls: Record<string, string>[] = [];
  const unsubscribed = new Set<string>();
  let failNext = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      calls.push(form);
      if (failNext > 0) {
        failNext--;
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"unavailable"}');
        return;
      }
      if (unsubscribed.has(form.To ?? '')) {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end('{"code":21610,"message":"Attempt to send to unsubscribed recipient","status":400}');
        return;
      }
      received.push({ path: req.url ?? '', auth: req.headers.authorization, form });
      res.writeHead(201, { 'content-type': 'application/json' }).end(`{"sid":"SM${received.length}"}`);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        received,
        calls,
        unsubscribed,
        failNext: (n) => {
          failNext = n;
        },
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

/** Twilio settings for a test app whose texts go to `twilio`, signed with `authToken`. */
export function twilioEnv(twilio: { url: string }, accountSid: string, authToken: string) {
  return {
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_FROM: '+16475550000',
    TWILIO_API_BASE: twilio.url,
  };
}
