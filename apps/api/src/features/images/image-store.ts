import type { Database } from '../../db/client.ts';
import { storedFiles } from '../../db/schema.ts';

/**
 * Records a stored image of the club. The same content stored again by the club is the same row: its
 * key is the content hash, so nothing changes.
 */
export const recordStoredImage = (db: Database, values: typeof storedFiles.$inferInsert) =>
  db.insert(storedFiles).values(values).onConflictDoNothing();
