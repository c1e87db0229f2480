import { describe, expect, it } from 'vitest';
import { addresses, clubs } from '../src/db/schema.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import { seedOwner, useTestApp } from './helpers.ts';

describe('GET /api/v1/clubs', () => {
  const context = useTestApp();

  it("lists only the caller's clubs, by name", async () => {
    const owner = await seedOwner(context.database);
    const other = await seedOwner(context.database);
    const address = firstOrThrow(
      await context.database.db
        .insert(addresses)
        .values({ line1: 'Via Po 2', city: 'Torino', postalCode: '10100', country: 'IT' })
        .returning(),
      'address',
    );
    const club = (ownerId: number, name: string) => ({
      ownerId,
      name,
      seats: 20,
      addressId: address.id,
      timeZone: 'Europe/Rome',
      companyName: `${name} srl`,
      vatNumber: 'IT00743110157',
    });
    await context.database.db
      .insert(clubs)
      .values([
        club(owner.account.id, 'Zeta Pub'),
        club(owner.account.id, 'Alfa Bistrot'),
        club(other.account.id, 'Altrui'),
      ]);

    const response = await context.app.inject({
      method: 'GET',
      url: '/api/v1/clubs',
      headers: { authorization: owner.authorization },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((entry: { name: string }) => entry.name)).toEqual(['Alfa Bistrot', 'Zeta Pub']);
    expect(body[0]).toMatchObject({
      brand: null,
      freeForever: false,
      subscriptionEnabled: false,
      subscriptionExpiration: null,
      message: null,
    });
  });
});
