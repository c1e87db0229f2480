import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import { EXCEL_IMPORT_MAX_ROWS } from '@carta/contract/menu-import';
import { describe, expect, it } from 'vitest';
import { seedOwner, useTestApp } from './helpers.ts';
import { EN_HEADER, importSetUp, multipart, type Part, workbookOf } from './menu-import-fixtures.ts';

// What the Excel import refuses: hostile and broken files, a form with more or less than a file and a
// name, a Free club, another owner's club.

/** A zip of the given parts, each deflated, written by hand: hostile archives the tests need. */
const zipOf = (parts: { name: string; content: Buffer; declaredSize?: number }[]) => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content, declaredSize } of parts) {
    const data = deflateRawSync(content);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declaredSize ?? content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(content), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declaredSize ?? content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

describe('menu import from Excel', () => {
  const context = useTestApp();
  const setUp = importSetUp(context);

  it('refuses hostile and broken files quickly with a 400, and keeps answering', async () => {
    const { call, upload, menuCount } = await setUp();
    const good = await workbookOf(EN_HEADER, [['Primi', 'Carbonara', null, null, null, 12, null, null]]);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(2000),
    ]);
    const cases: [string, Buffer, string][] = [
      ['a PNG named .xlsx', png, 'EXCEL_FILE_INVALID'],
      ['a truncated workbook', good.subarray(0, Math.floor(good.length / 2)), 'EXCEL_FILE_INVALID'],
      ['an empty file', Buffer.alloc(0), 'EXCEL_FILE_INVALID'],
      [
        'a zip of something else',
        zipOf([{ name: 'notes.txt', content: Buffer.from('hello') }]),
        'EXCEL_FILE_INVALID',
      ],
      // 200 MB of zeros deflate to about 200 KB.
      [
        'a zip bomb',
        zipOf([{ name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(200 * 1024 * 1024) }]),
        'EXCEL_FILE_INVALID',
      ],
      [
        'a zip bomb that lies about its size',
        zipOf([
          { name: 'xl/sharedStrings.xml', content: Buffer.alloc(100 * 1024 * 1024, 'a'), declaredSize: 1000 },
        ]),
        'EXCEL_FILE_INVALID',
      ],
      [
        'huge shared strings',
        zipOf([
          {
            name: 'xl/sharedStrings.xml',
            content: Buffer.from(`<sst>${'<si><t>abcdefghij</t></si>'.repeat(1_500_000)}</sst>`),
          },
        ]),
        'EXCEL_FILE_INVALID',
      ],
      [
        'a sheet of a million rows',
        zipOf([
          {
            name: 'xl/worksheets/sheet1.xml',
            content: Buffer.from(
              `<worksheet><sheetData>${'<row r="1"><c r="A1"/></row>'.repeat(100_000)}</sheetData></worksheet>`,
            ),
          },
        ]),
        'EXCEL_TOO_MANY_ROWS',
      ],
    ];
    for (const [what, file, code] of cases) {
      const started = Date.now();
      const answer = await upload(file, { dryRun: true });
      expect({ what, status: answer.statusCode, code: answer.json().code }).toEqual({
        what,
        status: 400,
        code,
      });
      expect(Date.now() - started, what).toBeLessThan(5000);
    }

    const tooManyRows = await workbookOf(
      EN_HEADER,
      Array.from({ length: EXCEL_IMPORT_MAX_ROWS + 1 }, (_, index) => [
        'Primi',
        `Piatto ${index}`,
        null,
        null,
        null,
        5,
        null,
        null,
      ]),
    );
    const longAnswer = await upload(tooManyRows, { dryRun: true });
    expect(longAnswer.json().code).toBe('EXCEL_TOO_MANY_ROWS');

    const tooLarge = await upload(Buffer.concat([good, randomBytes(5 * 1024 * 1024)]), { dryRun: true });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      code: 'EXCEL_FILE_TOO_LARGE',
      message: 'The file is too large: at most 5 MB',
    });

    expect((await call('GET', '/menu')).statusCode).toBe(200);
    expect(await menuCount()).toBe(0);
  });

  it('takes one file and the menu name, nothing else', async () => {
    const { club, owner, upload, menuCount } = await setUp();
    const good = await workbookOf(EN_HEADER, [['Primi', 'Carbonara', null, null, null, 12, null, null]]);
    const send = (parts: Part[]) => {
      const body = multipart(parts);
      return context.app.inject({
        method: 'POST',
        url: `/api/v1/clubs/${club.id}/menu/excel`,
        headers: {
          authorization: owner.authorization,
          'accept-language': 'en',
          'content-type': body.contentType,
        },
        payload: body.payload,
      });
    };
    const extraField = await send([
      { field: 'name', content: 'Cena' },
      { field: 'file', content: good, fileName: 'a.xlsx' },
      { field: 'theme', content: '3' },
    ]);
    expect(extraField.statusCode).toBe(400);
    const twoFiles = await send([
      { field: 'file', content: good, fileName: 'a.xlsx' },
      { field: 'file', content: good, fileName: 'b.xlsx' },
    ]);
    expect(twoFiles.statusCode).toBe(400);
    const noFile = await send([{ field: 'name', content: 'Cena' }]);
    expect(noFile.json().issues).toMatchObject([{ path: 'body.file', key: 'validation.required' }]);
    const noName = await upload(good);
    expect(noName.json()).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: 'body.name' }] });
    const json = await context.app.inject({
      method: 'POST',
      url: `/api/v1/clubs/${club.id}/menu/excel`,
      headers: { authorization: owner.authorization },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    // Named anything, the file is judged by its content.
    const renamed = await send([
      { field: 'name', content: 'Cena' },
      { field: 'file', content: good, fileName: 'menu.png' },
    ]);
    expect(renamed.statusCode).toBe(201);
    expect(await menuCount()).toBe(1);
  });

  it("is Smart only (403 for Free, also at its 2-menu limit), and another owner's club is 404", async () => {
    const free = await setUp({ freeForever: false });
    const good = await workbookOf(EN_HEADER, [['Primi', 'Carbonara', null, null, null, 12, null, null]]);
    for (const answer of [
      await free.upload(good, { dryRun: true }),
      await free.upload(good, { name: 'Cena' }),
      await free.call('GET', '/menu/excel/template?lang=it'),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('SMART_PLAN_REQUIRED');
    }
    await free.call('POST', '/menu', { name: 'Uno' });
    await free.call('POST', '/menu', { name: 'Due' });
    const atLimit = await free.upload(good, { name: 'Tre' });
    expect(atLimit.json().code).toBe('SMART_PLAN_REQUIRED');
    expect(await free.menuCount()).toBe(2);

    const smart = await setUp();
    const stranger = await seedOwner(context.database);
    const requests: {
      method: 'GET' | 'POST';
      url: string;
      headers?: Record<string, string>;
      payload?: Buffer;
    }[] = [
      { method: 'GET', url: `/api/v1/clubs/${smart.club.id}/menu/excel/template` },
      {
        method: 'POST',
        url: `/api/v1/clubs/${smart.club.id}/menu/excel?dryRun=true`,
        ...multipartRequest(good),
      },
    ];
    for (const request of requests) {
      const answer = await context.app.inject({
        method: request.method,
        url: request.url,
        headers: { authorization: stranger.authorization, ...(request.headers ?? {}) },
        ...(request.payload ? { payload: request.payload } : {}),
      });
      expect(answer.statusCode).toBe(404);
    }
    expect(await smart.menuCount()).toBe(0);
  });
});

const multipartRequest = (file: Buffer) => {
  const body = multipart([{ field: 'file', content: file, fileName: 'menu.xlsx' }]);
  return { headers: { 'content-type': body.contentType }, payload: body.payload };
};
