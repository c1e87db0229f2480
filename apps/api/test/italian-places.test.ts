import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses, clubs } from '../src/db/schema.ts';
import { seedClub, seedOwner, uniqueAddress, useTestApp } from './helpers.ts';

// Italy's provinces and comuni come from ISTAT (docs/decisions/0054-istat-places.md).
describe('Italian provinces and comuni', () => {
  const context = useTestApp();
  const get = (url: string, language = 'it') =>
    context.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });

  type Place = { iso2: string; name: string };
  type Match = { name: string; stateIso2: string; stateName: string };

  it("lists today's 110 provinces by their Italian name and sigla, in every language", async () => {
    for (const language of ['it', 'en']) {
      const response = await get('/api/v1/countries/IT/states', language);
      expect(response.statusCode).toBe(200);
      const provinces: Place[] = response.json();
      expect(provinces).toHaveLength(110);
      expect(provinces).toContainEqual({ iso2: 'RM', name: 'Roma' });
      expect(provinces).toContainEqual({ iso2: 'FC', name: 'Forlì-Cesena' });
      expect(provinces).toContainEqual({ iso2: 'MB', name: 'Monza e della Brianza' });
      // Friuli's regional decentralisation bodies count as provinces for ISTAT.
      for (const code of ['GO', 'PN', 'TS', 'UD']) expect(provinces.map((p) => p.iso2)).toContain(code);
      // No regions and no English names any more.
      expect(provinces.map((province) => province.name)).not.toContain('Lombardy');
      expect(provinces.map((province) => province.name)).not.toContain('Lombardia');
    }
  });

  it('has Sardinia as reorganised in 2025: eight units, and no Sud Sardegna', async () => {
    const provinces: Place[] = (await get('/api/v1/countries/IT/states')).json();
    expect(provinces.map((province) => province.name)).not.toContain('Sud Sardegna');
    expect(provinces.map((province) => province.iso2)).not.toContain('SU');
    expect(provinces).toEqual(
      expect.arrayContaining([
        { iso2: 'CA', name: 'Cagliari' },
        { iso2: 'SS', name: 'Sassari' },
        { iso2: 'NU', name: 'Nuoro' },
        { iso2: 'OR', name: 'Oristano' },
        { iso2: 'OT', name: 'Gallura Nord-Est Sardegna' },
        { iso2: 'OG', name: 'Ogliastra' },
        { iso2: 'VS', name: 'Medio Campidano' },
        { iso2: 'CI', name: 'Sulcis Iglesiente' },
      ]),
    );
    const olbia: Match[] = (await get('/api/v1/countries/IT/cities?query=Olbia')).json();
    expect(olbia[0]).toEqual({ name: 'Olbia', stateIso2: 'OT', stateName: 'Gallura Nord-Est Sardegna' });
    const gallura: Place[] = (await get('/api/v1/countries/IT/states/OT/cities')).json();
    expect(gallura).toHaveLength(26);
    expect(gallura).toContainEqual({ iso2: 'La Maddalena', name: 'La Maddalena' });
    expect((await get('/api/v1/countries/IT/states/SU/cities')).statusCode).toBe(404);
  });

  it("lists a province's comuni by name, all 7,896 across Italy", async () => {
    const rome: Place[] = (await get('/api/v1/countries/IT/states/RM/cities')).json();
    expect(rome).toContainEqual({ iso2: 'Roma', name: 'Roma' });
    expect(rome).toContainEqual({ iso2: 'Fiumicino', name: 'Fiumicino' });
    expect(rome.map((comune) => comune.name)).not.toContain('Milano');
    const provinces: Place[] = (await get('/api/v1/countries/IT/states')).json();
    let total = 0;
    for (const province of provinces) {
      const comuni: Place[] = (await get(`/api/v1/countries/IT/states/${province.iso2}/cities`)).json();
      expect(comuni.length, province.name).toBeGreaterThan(0);
      total += comuni.length;
    }
    expect(total).toBe(7896);
  });

  it('finds comuni by name across provinces, accents and case aside', async () => {
    const search = async (query: string): Promise<Match[]> => {
      const response = await get(`/api/v1/countries/IT/cities?query=${encodeURIComponent(query)}`);
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect((await search('Forli'))[0]).toEqual({ name: 'Forlì', stateIso2: 'FC', stateName: 'Forlì-Cesena' });
    expect((await search('roma'))[0]).toEqual({ name: 'Roma', stateIso2: 'RM', stateName: 'Roma' });
    const reggio = (await search('reggio')).map((match) => `${match.name} ${match.stateIso2}`);
    expect(reggio.slice(0, 2)).toEqual(['Reggio di Calabria RC', "Reggio nell'Emilia RE"]);
    expect((await search('reggio calabria'))[0]?.stateIso2).toBe('RC');
    expect((await search('SANT ANTIOCO'))[0]).toMatchObject({ name: "Sant'Antioco", stateIso2: 'CI' });
    expect((await search('Bozen'))[0]).toMatchObject({ name: 'Bolzano/Bozen', stateIso2: 'BZ' });
    expect(await search('zzzz')).toEqual([]);
    expect((await search('a')).length).toBeLessThanOrEqual(20);
    expect((await get('/api/v1/countries/IT/cities?query=')).statusCode).toBe(400);
    expect((await get('/api/v1/countries/ZZ/cities?query=Roma')).statusCode).toBe(404);
  });

  it('leaves other countries as they were', async () => {
    const states: Place[] = (await get('/api/v1/countries/US/states', 'en')).json();
    const california = states.find((state) => state.name === 'California');
    expect(california?.iso2).toBe('CA');
    const cities: Place[] = (await get('/api/v1/countries/US/states/CA/cities', 'en')).json();
    expect(cities).toContainEqual({ iso2: 'Los Angeles', name: 'Los Angeles' });
    expect((await get('/api/v1/countries/US/cities?query=Los')).json()).toEqual([]);
  });
});

describe('Italian addresses of clubs', () => {
  const context = useTestApp();
  const issue = (path: string, message: string) => expect.objectContaining({ path, message });

  const clubBody = (address: Record<string, unknown>) => ({
    name: 'Trattoria Istat',
    seats: 30,
    address: { country: 'IT', line1: 'Via del Corso 1', postalCode: '00186', ...address },
    brandId: null,
    companyName: 'Istat srl',
    vatNumber: 'IT00743110157',
  });
  const create = async (address: Record<string, unknown>, language = 'it') => {
    const owner = await seedOwner(context.database);
    return context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      remoteAddress: uniqueAddress(),
      headers: { authorization: owner.authorization, 'accept-language': language },
      payload: { club: clubBody(address) },
    });
  };
  const savedAddress = async (clubId: number) => {
    const [club] = await context.database.db.select().from(clubs).where(eq(clubs.id, clubId));
    const [address] = await context.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.id, club?.addressId ?? 0));
    return address;
  };

  it('saves a comune of its province, spelt as ISTAT spells it', async () => {
    const response = await create({ state: 'fc', city: 'forli' });
    expect(response.statusCode).toBe(201);
    expect(await savedAddress(response.json().clubId)).toMatchObject({ state: 'FC', city: 'Forlì' });
  });

  it('fills the province of a comune whose name is unique in Italy', async () => {
    const response = await create({ state: null, city: 'Roma' });
    expect(response.statusCode).toBe(201);
    expect(await savedAddress(response.json().clubId)).toMatchObject({ state: 'RM', city: 'Roma' });
  });

  it('refuses a comune of another province, an unknown comune or province, and an ambiguous name', async () => {
    const wrong = await create({ state: 'MI', city: 'Roma' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toContainEqual(
      issue('body.club.address.city', 'Questo comune non è nella provincia scelta'),
    );
    const english = await create({ state: 'MI', city: 'Roma' }, 'en');
    expect(english.json().issues).toContainEqual(
      issue('body.club.address.city', 'This municipality is not in the chosen province'),
    );
    expect((await create({ state: 'RM', city: 'Atlantide' })).json().issues).toContainEqual(
      issue('body.club.address.city', "Comune non trovato: sceglilo dall'elenco"),
    );
    // Sud Sardegna is no more: Carbonia is in Sulcis Iglesiente.
    expect((await create({ state: 'SU', city: 'Carbonia' })).json().issues).toContainEqual(
      issue('body.club.address.state', "Scegli una provincia dall'elenco"),
    );
    // Samone is a comune of Torino and one of Trento.
    expect((await create({ state: null, city: 'Samone' })).json().issues).toContainEqual(
      issue('body.club.address.state', 'Più comuni hanno questo nome: scegli la provincia'),
    );
    expect((await create({ state: 'TN', city: 'Samone' })).statusCode).toBe(201);
  });

  it('checks a changed address, and leaves one saved before ISTAT data editable as it is', async () => {
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id);
    const patch = (payload: object) =>
      context.app.inject({
        method: 'PATCH',
        url: `/api/v1/clubs/${club.id}`,
        headers: { authorization: owner.authorization },
        payload,
      });
    // An address saved with the older data: a region's code and an English city name.
    await context.database.db
      .update(addresses)
      .set({ state: '62', city: 'Rome' })
      .where(eq(addresses.id, club.addressId));
    const unchanged = { country: 'IT', line1: 'Via Nuova 2', postalCode: '00100', state: '62', city: 'Rome' };
    expect((await patch({ address: unchanged })).statusCode).toBe(200);

    const moved = await patch({ address: { ...unchanged, state: 'MI', city: 'Roma' } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().issues.map((issue: { path: string }) => issue.path)).toEqual(['body.address.city']);

    expect((await patch({ address: { ...unchanged, state: 'RM', city: 'Roma' } })).statusCode).toBe(200);
    expect(await savedAddress(club.id)).toMatchObject({ state: 'RM', city: 'Roma', line1: 'Via Nuova 2' });
  });

  it('leaves addresses in other countries as typed', async () => {
    const owner = await seedOwner(context.database);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      remoteAddress: uniqueAddress(),
      headers: { authorization: owner.authorization },
      payload: {
        club: {
          ...clubBody({}),
          address: {
            country: 'DE',
            line1: 'Unter den Linden 1',
            postalCode: '10117',
            state: 'BE',
            city: 'berlin',
          },
          // The VAT number is checked in the billing country.
          billingAddress: {
            country: 'IT',
            line1: 'Via Roma 1',
            postalCode: '20121',
            state: 'MI',
            city: 'Milano',
          },
        },
      },
    });
    expect(response.statusCode).toBe(201);
    expect(await savedAddress(response.json().clubId)).toMatchObject({
      country: 'DE',
      state: 'BE',
      city: 'berlin',
    });
  });
});
