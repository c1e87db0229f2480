import { expect } from 'vitest';
import { clubTables } from '../src/db/schema.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import { seedClub, seedOwner, type TestContext } from './helpers.ts';

// What the hostile-*.test.ts files share: they answer an outside fuzzing run, and send what it sent.

/** One past the largest integer column value: an id no row can have. */
export const TOO_BIG_ID = 2_147_483_648;
export const english = { 'accept-language': 'en' };

/** The guest not-found page: HTML, never JSON nor the owner app. */
export const expectNotFoundPage = (response: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(response.statusCode).toBe(404);
  expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
};

/** Requests in English to the file's app, and an owner with a club of one table to aim them at. */
export const hostileClient = (context: TestContext) => {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: { authorization?: string; payload?: unknown; headers?: Record<string, string> } = {},
  ) =>
    context.app.inject({
      method,
      url,
      headers: {
        ...english,
        ...(options.authorization ? { authorization: options.authorization } : {}),
        ...options.headers,
      },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });

  const ownerWithTable = async () => {
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id);
    const table = firstOrThrow(
      await context.database.db.insert(clubTables).values({ clubId: club.id, name: 'Tavolo 1' }).returning(),
    );
    return { owner, club, table };
  };

  return { call, ownerWithTable };
};
