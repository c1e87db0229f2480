import { EXCEL_PREVIEW_ITEMS } from '@carta/contract/menu-import';
import { CreateMenuRequestSchema } from '@carta/contract/menus';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clubs } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertPlanAllows, lockClubPlanInputs } from '../clubs/plan.ts';
import { insertWholeMenu } from '../menus/menu-writes.ts';
import type { ReadWorkbook } from './workbook-reader.ts';

/** What a workbook would create: categories with their item counts and first items. */
export const previewOf = (workbook: ReadWorkbook) => ({
  sectionCount: workbook.sections.length,
  itemCount: workbook.itemCount,
  sections: workbook.sections.map((section) => ({
    name: section.name,
    itemCount: section.items.length,
    firstItems: section.items.slice(0, EXCEL_PREVIEW_ITEMS).map((item) => item.name ?? ''),
  })),
});

/** Refuses a Free club (403 SMART_PLAN_REQUIRED) before any file is read; answers the club's menu languages. */
export const assertExcelImportAllowed = (db: Database, clubId: number) =>
  db.transaction(async (tx) => {
    assertPlanAllows(await lockClubPlanInputs(tx, clubId), 'excelImport');
    const [club] = await tx
      .select({ menuLanguages: clubs.menuLanguages })
      .from(clubs)
      .where(eq(clubs.id, clubId));
    return club?.menuLanguages ?? [];
  });

/**
 * The workbook's menu written as POST /menu writes one (the same store function and schema), in one
 * transaction: the plan checked again under its lock, the Free plan's menu allowance, then one insert
 * per table. A workbook with row errors writes nothing.
 */
export const importMenu = async (
  db: Database,
  clubId: number,
  name: string | undefined,
  workbook: ReadWorkbook,
) => {
  const request = CreateMenuRequestSchema.safeParse({ name, sections: workbook.sections });
  if (!request.success)
    throw new AppError(400, 'VALIDATION_ERROR', {
      issues: request.error.issues.map((issue) => ({
        path: ['body', ...issue.path.map(String)].join('.'),
        key: /^(validation|errors)\./.test(issue.message) ? issue.message : 'validation.invalid',
      })),
    });
  return db.transaction(async (tx) => {
    assertPlanAllows(await lockClubPlanInputs(tx, clubId), 'excelImport');
    return insertWholeMenu(tx, clubId, request.data);
  });
};
