import { describe, expect, it } from 'vitest';
import { startSecondApp } from './fixtures.ts';
import { newAccountFields, seedOwner, testDatabaseKind, uniqueAddress, useTestApp } from './helpers.ts';

// How many accounts one address may sign up in an hour, also across server processes
// (docs/decisions/0036-throttling.md).

const english = { 'accept-language': 'en' };

describe('sign-up limit', () => {
  const context = useTestApp();
  const club = {
    name: 'Bar Sport',
    seats: 20,
    address: { country: 'IT', line1: 'Via Roma 3', postalCode: '20121', city: 'Milano' },
    companyName: 'Bar Sport srl',
    vatNumber: 'IT00743110157',
  };
  const signUp = (remoteAddress: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: english,
      remoteAddress,
      payload: newAccountFields(),
    });
  const signUpWithClub = (remoteAddress: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      headers: english,
      remoteAddress,
      payload: { club, account: newAccountFields() },
    });

  it('takes five sign-ups an hour from one address, then answers 429 with Retry-After', async () => {
    const address = uniqueAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await signUp(address)).statusCode);
    // Signing up with a first club makes an account too: it counts against the same limit.
    statuses.push((await signUpWithClub(address)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    for (const refused of [await signUp(address), await signUpWithClub(address)]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        status: 429,
        code: 'RATE_LIMITED',
        message: 'Too many attempts, please try again later',
      });
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(3500);
      expect(wait).toBeLessThanOrEqual(3600);
    }
    // Another address is not held back.
    expect((await signUp(uniqueAddress())).statusCode).toBe(201);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'counts the sign-ups of one address over several server processes on one database',
    async () => {
      const other = await startSecondApp(context.database);
      try {
        const address = uniqueAddress();
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 7; attempt += 1) {
          // Sign-ups alternate between the two processes, as behind a load balancer.
          const app = attempt % 2 === 0 ? context.app : other;
          const answer = await app.inject({
            method: 'POST',
            url: '/api/v1/users',
            remoteAddress: address,
            payload: newAccountFields(),
          });
          statuses.push(answer.statusCode);
        }
        expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
      } finally {
        await other.close();
      }
    },
  );

  it('does not count a form sent back by validation, nor an owner adding a club', async () => {
    const address = uniqueAddress();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const invalid = await context.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        remoteAddress: address,
        payload: { ...newAccountFields(), phone: '12' },
      });
      expect(invalid.statusCode).toBe(400);
    }
    const owner = await seedOwner(context.database);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const added = await context.app.inject({
        method: 'POST',
        url: '/api/v1/clubs',
        headers: { authorization: owner.authorization },
        remoteAddress: address,
        payload: { club },
      });
      expect(added.statusCode).toBe(201);
    }
    expect((await signUp(address)).statusCode).toBe(201);
  });
});
