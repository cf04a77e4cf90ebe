import { type RunningServer, startTestServer } from './browser';
import { startSmtpServer } from './smtp';

export type MailingServer = {
  server: RunningServer;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  close(): Promise<void>;
};

/**
 * The built product whose outbox really travels over SMTP to a loopback mailbox: with SMTP_URL set, the
 * server's job queue delivers it (src/server/modules/email/email.jobs.ts), as in production.
 */
export async function startTestServerWithMail(): Promise<MailingServer> {
  const smtp = await startSmtpServer();
  const server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  return {
    server,
    smtp,
    async close() {
      await server.close();
      await smtp.close();
    },
  };
}
