import { randomUUID } from 'node:crypto';
import { API_BASE_PATH } from '@carta/contract/limits';
import { BUILD_HEADER } from '@carta/contract/public-config';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { authPlugin } from './plugins/auth.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { readWebBuild, webPlugin } from './plugins/web.ts';
import { clubRoutes } from './routes/clubs.ts';
import { guestPageRoutes } from './routes/guest-pages.ts';
import { systemRoutes } from './routes/system.ts';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
};

/** The whole server as one Fastify instance; main.ts listens with it, tests call it with inject. */
export const buildApp = async ({ config, database, logger }: AppOptions) => {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: config.isTrustingProxy ? 'x-request-id' : false,
    trustProxy: config.isTrustingProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const build = config.isServingWeb ? readWebBuild() : 'dev';
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.header(BUILD_HEADER, build);
  });

  await app.register(errorsPlugin);
  await app.register(databasePlugin, { handle: database });
  await app.register(authPlugin);
  await app.register(openapiPlugin);

  await app.register(
    async (api) => {
      await api.register(systemRoutes, { config, build });
      await api.register(clubRoutes);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_BASE_PATH },
  );

  await app.register(guestPageRoutes);
  if (config.isServingWeb) await app.register(webPlugin);

  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
