import { buildApp } from './app.ts';
import { ConfigError, loadConfig, resolveAppSecret } from './config.ts';
import { DatabaseLockedError, openConfiguredDatabase } from './db/client.ts';

const fail = (message: string): never => {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
};

const start = async () => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }

  let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DatabaseLockedError) return fail(error.message);
    return fail(`Could not open the database: ${(error as Error).message}`);
  }

  const app = await buildApp({ config, database, appSecret: resolveAppSecret(config) });

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    // A request that hangs must not keep the process (and the database lock) forever.
    // A crash-safe exit: the folder's lock names this process, so the next start takes it over at once.
    const timer = setTimeout(() => {
      process.stderr.write('\nRequests still running after 10 s: stopping without waiting for them.\n');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await database.close();
    return fail(`Could not listen on port ${config.port}: ${(error as Error).message}`);
  }
  app.log.info(
    { database: database.kind, dataDirectory: config.dataDirectory },
    `Carta is running at ${config.publicUrl}`,
  );
};

await start();
