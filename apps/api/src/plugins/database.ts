import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/** Makes the opened database available to routes. Opening and closing belong to the caller (main.ts, tests). */
export const databasePlugin = fp(
  async (app: FastifyInstance, { handle }: { handle: DatabaseHandle }) => {
    app.decorate('database', handle);
    app.decorate('db', handle.db);
  },
  { name: 'database' },
);
