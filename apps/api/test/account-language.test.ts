import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema.ts';
import { seedOwner, useTestApp } from './helpers.ts';

// The owner's language is typed once, where the column is read: only `it` and `en` are ever written by
// the API, and a value written any other way reads as Italian, as every screen and email treated it.

describe("an owner's language", () => {
  const context = useTestApp();

  const languageShown = async (authorization: string) => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization },
    });
    expect(response.statusCode).toBe(200);
    return response.json().language;
  };

  it('reads English as English and anything else written by hand as Italian', async () => {
    const owner = await seedOwner(context.database);
    await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/language',
      headers: { authorization: owner.authorization },
      payload: { language: 'en' },
    });
    expect(await languageShown(owner.authorization)).toBe('en');

    await context.database.db.execute(
      sql`update ${accounts} set language = 'de' where ${accounts.id} = ${owner.account.id}`,
    );
    expect(await languageShown(owner.authorization)).toBe('it');
  });

  it('refuses a language the app does not speak', async () => {
    const owner = await seedOwner(context.database);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/language',
      headers: { authorization: owner.authorization },
      payload: { language: 'de' },
    });
    expect(response.statusCode).toBe(400);
    expect(await languageShown(owner.authorization)).toBe('it');
  });
});
