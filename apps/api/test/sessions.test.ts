import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { seedOwner, uniquePhone, useTestApp } from './helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('session expiry', () => {
  const context = useTestApp();

  const callWith = (authorization: string) =>
    context.app.inject({ method: 'GET', url: '/api/v1/clubs', headers: { authorization } });

  it('ends a session unused for 30 days', async () => {
    const owner = await seedOwner(context.database);
    const where = eq(sessions.tokenHash, hashToken(owner.token));
    await context.database.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 29 * DAY_MS) })
      .where(where);
    expect((await callWith(owner.authorization)).statusCode).toBe(200);
    await context.database.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 31 * DAY_MS) })
      .where(where);
    expect((await callWith(owner.authorization)).statusCode).toBe(401);
  });

  it('ends a session 90 days after login however much it is used', async () => {
    const owner = await seedOwner(context.database);
    await context.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastUsedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(owner.token)));
    expect((await callWith(owner.authorization)).statusCode).toBe(401);
  });
});

describe('recovery rate limit', () => {
  const context = useTestApp();

  it('stops after 10 requests for one phone in 15 minutes', async () => {
    const phone = uniquePhone();
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/users/password/recovery',
        remoteAddress: `198.51.100.${attempt + 1}`,
        payload: { phone },
      });
      expect(response.statusCode).toBe(404);
    }
    const limited = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/password/recovery',
      remoteAddress: '198.51.100.200',
      payload: { phone },
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
