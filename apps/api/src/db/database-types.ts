import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

// The database's types apart from `client.ts`, which opens it: the data steps that run while it opens
// (`canonical-phones.ts`) take them without importing the file that calls them.

export type Schema = typeof schema;
/** The one database type the code uses, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a store function reads and writes through: the database, or a transaction already open. */
export type Executor = Database | Transaction;
