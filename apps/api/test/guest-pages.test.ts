import { describe, expect, it } from 'vitest';
import { addresses, clubs, clubTables } from '../src/db/schema.ts';
import { seedOwner, useTestApp } from './helpers.ts';

describe('guest pages', () => {
  const context = useTestApp();

  it('answer an unknown table with a readable 404 page in the guest language', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/public/qrcodemenu/999999/1',
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="de">');
    expect(response.body).toContain('Speisekarte nicht gefunden');
  });

  it("show a known table the club's name, server-rendered", async () => {
    const { account } = await seedOwner(context.database);
    const [address] = await context.database.db
      .insert(addresses)
      .values({ line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' })
      .returning();
    const [club] = await context.database.db
      .insert(clubs)
      .values({
        ownerId: account.id,
        name: 'Bar Aurora',
        seats: 40,
        addressId: address!.id,
        timeZone: 'Europe/Rome',
        companyName: 'Aurora srl',
        vatNumber: 'IT00743110157',
      })
      .returning();
    const [table] = await context.database.db
      .insert(clubTables)
      .values({ clubId: club!.id, name: 'T1' })
      .returning();
    const response = await context.app.inject({
      method: 'GET',
      url: `/public/qrcodemenu/${club!.id}/${table!.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="it">');
    expect(response.body).toContain('Bar Aurora');
    // Another club's table id does not open this club's page.
    const crossed = await context.app.inject({ method: 'GET', url: `/public/menu/999999/${table!.id}/1` });
    expect(crossed.statusCode).toBe(404);
  });
});
