import { startEmailDelivery } from '../../src/server/modules/email/email.delivery';
import { type RunningServer, startTestServer } from './browser';
import { startSmtpServer } from './smtp';

export type MailingServer = {
  server: RunningServer;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  close(): Promise<void>;
};

/**
 * The built product whose outbox really travels over SMTP to a loopback mailbox. startTestServer builds
 * the app without the outbox worker (server.ts starts it in production), so the same delivery starts here.
 */
export async function startTestServerWithMail(): Promise<MailingServer> {
  const smtp = await startSmtpServer();
  const SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  const server = await startTestServer({ env: { SMTP_URL } });
  const delivery = startEmailDelivery({
    env: { SMTP_URL, MAIL_FROM: 'Trillium <no-reply@trillium.test>' },
    db: server.database.db,
    log: { info() {}, warn() {}, error() {} },
  });
  return {
    server,
    smtp,
    async close() {
      await delivery.stop();
      await server.close();
      await smtp.close();
    },
  };
}
