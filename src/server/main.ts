import { loadDotEnv, loadEnv } from './env';
import { StartupRefused } from './db/restore-lock';
import { startServer } from './server';

/** The only file that listens: env, then the app, then graceful shutdown on SIGTERM and SIGINT. */
async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    loadDotEnv();
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const { app } = await startServer(env);
  app.log.info(
    { url: env.PUBLIC_URL, database: env.DATABASE_URL ? 'postgres' : 'pglite' },
    'Trillium is ready',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      // Stops accepting, waits for in-flight requests, then closes the database (onClose hook).
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  if (error instanceof StartupRefused) console.error(error.message);
  else console.error('Trillium failed to start:', error);
  process.exit(1);
});
