// Over 300 lines and kept one file: every case starts from the one set-up (a Smart club and the guest's table
// view) with the fake clock reset after each; zones, tables and schedules are what that view and the QR codes
// read.
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ClubFields, seedOwnerWithClub } from './fixtures.ts';
import { testDatabaseKind, useTestApp } from './helpers.ts';
import { seedSubscription } from './seed-subscription.ts';

/** The text lines of a PDFKit file: its deflated page streams, each TJ array's hex strings joined. */
const pdfText = (pdf: Buffer) => {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\] TJ/g))
      lines.push(
        [...(array[1] ?? '').matchAll(/<([0-9a-f]*)>/g)]
          .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
          .join(''),
      );
  }
  return lines;
};

describe('tables, zones, schedules, the public table view and QR codes', () => {
  const context = useTestApp();
  afterEach(() => vi.useRealTimers());

  const setUp = async (clubFields: ClubFields = {}) => {
    const { club, call } = await seedOwnerWithClub(context, {
      club: { freeForever: true, ...clubFields },
      acceptLanguage: 'en',
    });
    const guest = (tableId: number) =>
      context.app.inject({ method: 'GET', url: `/api/v1/clubs/${club.id}/menu/tables/${tableId}` });
    return { club, call, guest };
  };

  it('adds a zone and a range of tables in it, renames, moves, refuses duplicate names, deletes', async () => {
    const { call } = await setUp();
    const zone = (await call('POST', '/zones', { name: 'Terrazza' })).json();
    expect(zone).toMatchObject({ name: 'Terrazza' });
    expect((await call('POST', '/zones', { name: 'Terrazza' })).statusCode).toBe(409);

    const created = await call('PUT', '/tables', {
      range: { prefix: 'Tavolo', from: 1, to: 20, tableZoneId: zone.id },
    });
    expect(created.statusCode).toBe(200);
    const { tables } = created.json();
    expect(tables).toHaveLength(20);
    expect(tables[0]).toMatchObject({ name: 'Tavolo 1', premium: false, tableZoneId: zone.id });
    expect(tables[19].name).toBe('Tavolo 20');

    const clash = await call('PUT', '/tables', { tables: [{ name: 'tavolo 3' }, { name: 'Bancone' }] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'TABLE_NAME_TAKEN',
      issues: [{ path: 'body.tables.0.name' }],
    });
    expect((await call('GET', '/tables')).json().tables).toHaveLength(20);

    const changed = await call('PUT', '/tables', {
      tables: [
        { id: tables[0].id, name: 'Tavolo VIP', premium: true, tableZoneId: null },
        { name: 'Bancone' },
      ],
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', `/tables/${tables[0].id}`)).json()).toEqual({
      id: tables[0].id,
      name: 'Tavolo VIP',
      premium: true,
      tableZoneId: null,
    });
    expect((await call('DELETE', `/tables/${tables[1].id}`)).statusCode).toBe(204);
    expect((await call('GET', `/tables/${tables[1].id}`)).statusCode).toBe(404);
    expect((await call('GET', '/tables')).json().tables).toHaveLength(20);

    const other = await setUp();
    const foreignZone = (await other.call('POST', '/zones', { name: 'Altrui' })).json();
    expect(
      (await call('PUT', '/tables', { tables: [{ name: 'X', tableZoneId: foreignZone.id }] })).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/tables', { range: { from: 5, to: 300 } })).statusCode).toBe(400);
  });

  it('keeps table and zone names unique in the club when two requests race, whatever the case', async () => {
    const { call } = await setUp();
    // On PostgreSQL both pass the check by hand at once and only the index stops the second.
    const tables = await Promise.all([
      call('PUT', '/tables', { tables: [{ name: 'Bancone' }] }),
      call('PUT', '/tables', { tables: [{ name: 'Bancone' }] }),
    ]);
    expect(tables.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(tables.find((response) => response.statusCode === 409)?.json()).toMatchObject({
      code: 'TABLE_NAME_TAKEN',
    });
    expect((await call('GET', '/tables')).json().tables).toHaveLength(1);

    const zones = await Promise.all([
      call('POST', '/zones', { name: 'Veranda' }),
      call('POST', '/zones', { name: 'VERANDA' }),
    ]);
    expect(zones.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(zones.find((response) => response.statusCode === 409)?.json()).toMatchObject({
      code: 'CONFLICT',
      issues: [{ path: 'body.name' }],
    });
    expect((await call('GET', '/zones')).json().tableZones).toHaveLength(1);
    const other = (await call('POST', '/zones', { name: 'Sala' })).json();
    expect((await call('PUT', `/zones/${other.id}`, { name: 'veranda' })).statusCode).toBe(409);
  });

  it('writes a range of tables with one insert, and a batch of changes with one update', async () => {
    const { call } = await setUp();
    const statementsOf = async (payload: object) => {
      const before = context.database.statements();
      const response = await call('PUT', '/tables', payload);
      expect(response.statusCode).toBe(200);
      return { tables: response.json().tables, statements: context.database.statements() - before };
    };
    const created = await statementsOf({ range: { prefix: 'T', from: 1, to: 20 } });
    expect(created.tables).toHaveLength(20);
    const changed = await statementsOf({
      tables: created.tables.map((table: { id: number; name: string }) => ({
        id: table.id,
        name: `${table.name} bis`,
        premium: true,
      })),
    });
    expect(changed.tables.every((table: { premium: boolean }) => table.premium)).toBe(true);
    expect(changed.tables[19].name).toBe('T 20 bis');
    // The session, the zones, the names, (the ids,) the write, the list: one insert of 20 rows, not 20.
    // On PostgreSQL BEGIN and COMMIT go through Drizzle too, and the guest pages hear of it by NOTIFY.
    const overhead = testDatabaseKind() === 'postgres' ? 3 : 0;
    expect(created.statements).toBeLessThanOrEqual(5 + overhead);
    expect(changed.statements).toBeLessThanOrEqual(6 + overhead);
  });

  it('refuses to delete a zone in use until told what happens to its tables and schedules', async () => {
    const { call } = await setUp();
    const zone = (await call('POST', '/zones', { name: 'Sala' })).json();
    expect((await call('PUT', `/zones/${zone.id}`, { name: 'Sala grande' })).json().name).toBe('Sala grande');
    await call('PUT', '/tables', { range: { prefix: 'T', from: 1, to: 2, tableZoneId: zone.id } });
    const menu = (await call('POST', '/menu', { name: 'Pranzo' })).json();
    await call('PUT', `/menu/${menu.id}/schedulings`, {
      schedulings: [{ days: [1], startTime: '12:00', endTime: '15:00', tableZone: zone.id }],
    });

    const refused = await call('DELETE', `/zones/${zone.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().issues.map((issue: { path: string }) => issue.path)).toEqual([
      'query.tables',
      'query.schedulings',
    ]);
    expect((await call('DELETE', `/zones/${zone.id}?tables=unassign&schedulings=everyZone`)).statusCode).toBe(
      204,
    );
    expect(
      (await call('GET', '/tables'))
        .json()
        .tables.every((table: { tableZoneId: null }) => table.tableZoneId === null),
    ).toBe(true);
    expect((await call('GET', `/menu/${menu.id}/schedulings`)).json().schedulings[0].tableZone).toBeNull();
    expect((await call('GET', '/zones')).json()).toEqual({ tableZones: [] });
  });

  it("saves a menu's schedule rules as a set, validating days and times", async () => {
    const { call } = await setUp();
    const menu = (await call('POST', '/menu', { name: 'Cena' })).json();
    const path = `/menu/${menu.id}/schedulings`;
    for (const [rule, issuePath, key] of [
      [{ days: [], startTime: null, endTime: null }, 'body.schedulings.0.days', 'validation.days'],
      [{ days: [8] }, 'body.schedulings.0.days.0', 'validation.invalid'],
      [
        { days: [1], startTime: '25:00', endTime: '26:00' },
        'body.schedulings.0.startTime',
        'validation.time',
      ],
      [
        { days: [1], startTime: '19:00', endTime: '19:00' },
        'body.schedulings.0.endTime',
        'validation.sameTimes',
      ],
      [
        { days: [1], startTime: '19:00', endTime: null },
        'body.schedulings.0.endTime',
        'validation.bothTimes',
      ],
    ] as const) {
      const response = await call('PUT', path, { schedulings: [rule] });
      expect(response.statusCode, issuePath).toBe(400);
      expect(response.json().issues).toContainEqual(expect.objectContaining({ path: issuePath, key }));
    }
    const saved = await call('PUT', path, {
      schedulings: [
        { days: [5, 1, 1], startTime: '19:00', endTime: '23:00' },
        { days: [6, 7], startTime: '22:00', endTime: '02:00' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const [weekdays, weekend] = saved.json().schedulings;
    expect(weekdays).toMatchObject({ days: [1, 5], startTime: '19:00', endTime: '23:00', tableZone: null });
    // Keeping one by id and leaving the other out deletes it.
    const kept = await call('PUT', path, { schedulings: [{ ...weekend, days: [6] }] });
    expect(kept.json().schedulings).toEqual([{ ...weekend, days: [6] }]);
    expect((await call('GET', '/menu')).json()[0].hasSchedulings).toBe(true);
    expect((await call('DELETE', `${path}/${weekend.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `${path}/${weekend.id}`)).statusCode).toBe(404);
  });

  it('answers guests with only what is available now, driven by the clock, and previews the same', async () => {
    const { call, guest, club } = await setUp({ displayEmail: 'ciao@bar.example' });
    const terrace = (await call('POST', '/zones', { name: 'Terrazza' })).json();
    const { tables } = (
      await call('PUT', '/tables', { tables: [{ name: 'T1', tableZoneId: terrace.id }, { name: 'Dentro' }] })
    ).json();
    const [outside, inside] = tables;
    const lunch = (
      await call('POST', '/menu', { name: 'Pranzo', adminDisplayName: 'secret note', footer: 'Coperto 2 €' })
    ).json();
    const drinks = (await call('POST', '/menu', { name: 'Drink' })).json();
    const hidden = (await call('POST', '/menu', { name: 'Nascosto', enabled: false })).json();
    await call('PUT', `/menu/${lunch.id}/schedulings`, {
      schedulings: [{ days: [1, 2, 3, 4, 5], startTime: '12:00', endTime: '15:00', tableZone: terrace.id }],
    });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z')); // Monday 13:00 in Rome
    const atLunch = await guest(outside.id);
    expect(atLunch.statusCode).toBe(200);
    const view = atLunch.json();
    expect(view).toMatchObject({
      state: 'open',
      clubName: club.name,
      tableName: 'T1',
      clubDisplayEmail: 'ciao@bar.example',
      menuFooter: 'Coperto 2 €',
      menu: [
        { id: lunch.id, name: 'Pranzo', position: 0 },
        { id: drinks.id, name: 'Drink', position: 1 },
      ],
    });
    expect(JSON.stringify(view)).not.toContain('secret note');
    expect(JSON.stringify(view)).not.toContain(String(hidden.name));
    // Inside, the terrace's lunch is not offered.
    expect((await guest(inside.id)).json().menu.map((menu: { id: number }) => menu.id)).toEqual([drinks.id]);
    vi.setSystemTime(new Date('2026-11-23T15:00:00Z')); // Monday 16:00
    expect((await guest(outside.id)).json().menu.map((menu: { id: number }) => menu.id)).toEqual([drinks.id]);

    const preview = async (tableId: number, day: number, time: string) =>
      (await call('GET', `/tables/${tableId}/preview?day=${day}&time=${time}`))
        .json()
        .menus.map((menu: { id: number }) => menu.id);
    expect(await preview(outside.id, 1, '13:00')).toEqual([lunch.id, drinks.id]);
    expect(await preview(outside.id, 1, '16:00')).toEqual([drinks.id]);
    expect(await preview(outside.id, 6, '13:00')).toEqual([drinks.id]);
    expect(await preview(inside.id, 1, '13:00')).toEqual([drinks.id]);

    expect(
      (await context.app.inject({ method: 'GET', url: `/api/v1/clubs/${club.id}/menu/tables/999999` }))
        .statusCode,
    ).toBe(404);
    const other = await setUp();
    expect(
      (
        await context.app.inject({
          method: 'GET',
          url: `/api/v1/clubs/${other.club.id}/menu/tables/${outside.id}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('tells guests the state of a club that is not open, and nothing else', async () => {
    for (const [fields, state] of [
      [{ status: 'pending' }, 'comingSoon'],
      [{ status: 'suspended' }, 'disabled'],
      [{ enabled: false }, 'disabled'],
    ] as const) {
      const { call, guest, club } = await setUp({ displayEmail: 'private@bar.example', ...fields });
      await call('POST', '/menu', { name: 'Cena' });
      const { tables } = (await call('PUT', '/tables', { tables: [{ name: 'T1' }] })).json();
      const response = await guest(tables[0].id);
      expect(response.json()).toEqual({ state, clubName: club.name });
    }
  });

  it('keeps a club whose payment lapsed open to guests, on the Free plan (0048)', async () => {
    const { call, guest, club } = await setUp({ freeForever: false });
    const dinner = (await call('POST', '/menu', { name: 'Cena' })).json();
    const { tables } = (await call('PUT', '/tables', { tables: [{ name: 'T1' }] })).json();
    await seedSubscription(context.database.db, club.id, {
      status: 'freemium',
      lapsed: 'deactivated',
      paymentErrorCode: 'declined',
    });
    const view = (await guest(tables[0].id)).json();
    expect(view).toMatchObject({ state: 'open', clubName: club.name, hasMenusWithheld: false });
    expect(view.menu.map((menu: { id: number }) => menu.id)).toEqual([dinner.id]);
  });

  it('gives each table a QR code (PNG and SVG) that decodes to its guest address, and a PDF sheet', async () => {
    const { call, club } = await setUp();
    const { tables } = (await call('PUT', '/tables', { range: { prefix: 'Tavolo', from: 1, to: 7 } })).json();
    const png = await call('GET', `/tables/${tables[2].id}/qrcode.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const image = PNG.sync.read(png.rawPayload);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(`http://localhost:3000/public/qrcodemenu/${club.id}/${tables[2].id}`);

    const svg = await call('GET', `/tables/${tables[2].id}/qrcode.svg`);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toMatch(/^<svg/);

    const pdf = await call('GET', `/tables/qrcodes.pdf?tables=${tables[0].id},${tables[1].id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const all = await call('GET', '/tables/qrcodes.pdf');
    // Seven cards make two pages.
    expect((all.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(2);
  });

  it('leaves the 4-module quiet zone the QR standard asks for, in the PNG and in the SVG', async () => {
    const { call } = await setUp();
    const { tables } = (await call('PUT', '/tables', { tables: [{ name: 'T1' }] })).json();
    const image = PNG.sync.read((await call('GET', `/tables/${tables[0].id}/qrcode.png`)).rawPayload);
    const isDark = (x: number, y: number) => (image.data[(y * image.width + x) * 4] ?? 255) < 128;
    // The top-left finder pattern's corner is the first dark pixel on the diagonal, whatever the data;
    // its top edge runs 7 modules to the right from there, which gives a module's width.
    let corner = 0;
    while (!isDark(corner, corner) && corner < image.width) corner += 1;
    let edgeEnd = corner;
    while (isDark(edgeEnd, corner)) edgeEnd += 1;
    const module = (edgeEnd - corner) / 7;
    // Pixels round a module to whole pixels: within half a module (the old 1.4-module zone fails).
    expect(corner / module).toBeCloseTo(4, 0);
    // The same on the left side: the finder's left edge runs 7 modules down from the corner.
    let leftEnd = corner;
    while (isDark(corner, leftEnd)) leftEnd += 1;
    expect((leftEnd - corner) / module).toBeCloseTo(7, 0);

    const svg = (await call('GET', `/tables/${tables[0].id}/qrcode.svg`)).body;
    const [, width = '0'] = svg.match(/viewBox="0 0 (\d+) \d+"/) ?? [];
    // The dark path starts at the top-left finder pattern: its offset is the quiet zone, in modules.
    const dark = svg.match(/<path stroke="#000000" d="M(\d+) (\d+(?:\.\d+)?)/);
    expect(Number(dark?.[1])).toBe(4);
    expect(Number(dark?.[2])).toBeCloseTo(4.5, 1);
    expect(svg).toContain(`M0 0h${width}v${width}H0z`);
  });

  it('names the print sheet after the club and the zone, and prints the zone on each card', async () => {
    const { call } = await setUp({ name: 'Osteria Demo' });
    const zone = (await call('POST', '/zones', { name: 'Terrazza' })).json();
    const { tables } = (
      await call('PUT', '/tables', { range: { prefix: 'Tavolo', from: 1, to: 2, tableZoneId: zone.id } })
    ).json();
    const sheet = await call('GET', `/tables/qrcodes.pdf?tables=${tables[0].id},${tables[1].id}`);
    expect(sheet.headers['content-disposition']).toBe(
      'attachment; filename="carta-qr-osteria-demo-terrazza.pdf"',
    );
    expect(pdfText(sheet.rawPayload)).toEqual(
      expect.arrayContaining(['Terrazza · Tavolo 1', 'Terrazza · Tavolo 2']),
    );
  });
});
