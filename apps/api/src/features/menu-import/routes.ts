import { ClubParamsSchema } from '@carta/contract/clubs';
import {
  EXCEL_IMPORT_MAX_BYTES,
  ExcelImportQuerySchema,
  ExcelImportResultSchema,
  ExcelTemplateQuerySchema,
  rowIssuePath,
} from '@carta/contract/menu-import';
import { translateMessage } from '@carta/contract/messages';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { languageOf } from '../../lib/language.ts';
import { binaryFile, errorResponses, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { storedPhotoKeys } from '../images/image-store.ts';
import { assertExcelImportAllowed, importMenu, previewOf } from './import-store.ts';
import { templateLanguagesOf, templateWorkbook } from './template.ts';
import { readMenuWorkbook } from './workbook-reader.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The menu's name, a form field beside the file: no longer than a menu name may be. */
const NAME_FIELD_MAX_BYTES = 1024;

/** The upload's two parts: the workbook (`file`) and, for the import, the menu's name (`name`). */
const readUpload = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  let file: Buffer | undefined;
  let name: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file' && !file) file = await part.toBuffer();
      else if (part.type === 'field' && part.fieldname === 'name' && name === undefined)
        name = String(part.value);
      else {
        if (part.type === 'file') part.file.resume();
        throw new AppError(400, 'VALIDATION_ERROR', {
          issues: [{ path: `body.${part.fieldname}`, key: 'validation.unknownField' }],
        });
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'EXCEL_FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(400, 'VALIDATION_ERROR', {
        issues: [{ path: 'body', key: 'validation.unknownField' }],
      });
    // A body cut short or malformed: not a workbook we could read.
    throw new AppError(400, 'EXCEL_FILE_INVALID', { cause: error });
  }
  if (!file)
    throw new AppError(400, 'VALIDATION_ERROR', {
      issues: [{ path: 'body.file', key: 'validation.required' }],
    });
  return { file, name };
};

/** Importing a menu from an Excel workbook, and the template to fill in (Smart plan). */
export const menuImportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart only here: limits from the contract, one file and the menu's name, nothing else.
  await app.register(multipart, {
    limits: {
      fileSize: EXCEL_IMPORT_MAX_BYTES,
      files: 1,
      fields: 1,
      parts: 2,
      fieldSize: NAME_FIELD_MAX_BYTES,
      fieldNameSize: 100,
      headerPairs: 20,
    },
  });

  app.get(
    '/menu/excel/template',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['menus'],
        summary:
          'The Excel template to fill in (.xlsx), headers in Italian or English, with examples and an instructions sheet',
        description:
          "One row per item: section, name, description, ingredients, allergens (numbers 1-14 or names), price or price text, markers, photo (the address of a dish photo uploaded to Carta for this club, `/files/img/…`; nothing is fetched), then section, name, description and ingredients per translation language (the club's menu languages). Smart plan only.",
        security,
        params: ClubParamsSchema,
        querystring: ExcelTemplateQuerySchema,
        produces: [XLSX_TYPE, 'application/json'],
        response: {
          200: binaryFile('The template workbook (.xlsx)'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      const clubLanguages = await assertExcelImportAllowed(app.db, request.params.clubId);
      const file = await templateWorkbook(lang, templateLanguagesOf(clubLanguages, lang));
      const fileName = lang === 'it' ? 'carta-modello-menu.xlsx' : 'carta-menu-template.xlsx';
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.post(
    '/menu/excel',
    {
      config: { minRole: 'manager' },
      // The body schema only documents the form: the parts are read, and checked, by readUpload.
      validatorCompiler: (route) =>
        route.httpPart === 'body'
          ? (value) => ({ value })
          : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]),
      schema: {
        tags: ['menus'],
        summary: 'Create one menu from an Excel workbook (multipart: file, name); ?dryRun=true only previews',
        description:
          "multipart/form-data with the field `file` (an .xlsx, at most 5 MB and 2,000 rows, judged by its content) and `name` (the new menu's name; not needed for a dry run). A dry run answers `outcome: preview` with what would be created and every row error, writing nothing. The import answers 201 `outcome: created` with the new menu's id, or 400 EXCEL_ROWS_INVALID with every bad row as an issue whose path is `rows.<row>.<column>`; nothing is written unless the whole file is valid. Formula cells count with the value Excel saved. Smart plan only; the Free plan's menu limit applies.",
        security,
        consumes: ['multipart/form-data'],
        params: ClubParamsSchema,
        querystring: ExcelImportQuerySchema,
        body: z
          .object({
            file: binaryFile('The workbook (.xlsx)'),
            name: z.string().optional().describe("The new menu's name"),
          })
          .optional(),
        response: {
          200: ExcelImportResultSchema,
          201: ExcelImportResultSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const { clubId } = request.params;
      // The plan before the upload is read: a Free club is refused without unzipping anything.
      await assertExcelImportAllowed(app.db, clubId);
      const { file, name } = await readUpload(request);
      const workbook = await readMenuWorkbook(file, {
        origin: new URL(app.config.publicUrl).origin,
        storedKeys: (keys) => storedPhotoKeys(app.db, clubId, keys),
      });
      if (workbook.sections.length === 0 && workbook.issues.length === 0)
        throw new AppError(400, 'EXCEL_EMPTY');
      const preview = previewOf(workbook);
      if (request.query.dryRun) {
        const language = languageOf(request);
        return reply.status(200).send({
          outcome: 'preview' as const,
          menuId: null,
          ...preview,
          errors: workbook.issues.map((issue) => ({
            ...issue,
            message: translateMessage(language, issue.key),
          })),
        });
      }
      if (workbook.issues.length > 0)
        throw new AppError(400, 'EXCEL_ROWS_INVALID', {
          issues: workbook.issues.map((issue) => ({
            path: rowIssuePath(issue.row, issue.column),
            key: issue.key,
          })),
        });
      const menu = await importMenu(app.db, clubId, name, workbook);
      return reply.status(201).send({ outcome: 'created' as const, menuId: menu.id, ...preview, errors: [] });
    },
  );
};
