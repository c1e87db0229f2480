import type { MenuSection } from '@carta/contract/entities';
import type { SaveSectionRequestSchema, SectionBatchRequestSchema } from '@carta/contract/menus';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { menuItems, menuSections } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';
import { type ReleasedImage, releaseUnusedPhotos } from '../images/image-store.ts';
import { sectionTranslationWrites, writeSectionTranslations } from './menu-content.ts';
import { lockMenu, lockSectionMenu, requireSection } from './menu-store.ts';
import { loadSection, loadSections } from './section-reads.ts';
import { applyBatch, positionAtEnd, renumber } from './siblings.ts';

const sectionOrNotFound = async (db: Executor, menuId: number, sectionId: number) => {
  const section = await loadSection(db, menuId, sectionId);
  if (!section) throw notFound();
  return section;
};

/** GET .../sections/{sectionId}: a category with its items and translations. */
export const readSection = async (db: Database, clubId: number, menuId: number, sectionId: number) => {
  await requireSection(db, clubId, menuId, sectionId);
  return sectionOrNotFound(db, menuId, sectionId);
};

type SaveSection = z.output<typeof SaveSectionRequestSchema>;

const changeSection = async (
  tx: Transaction,
  clubId: number,
  menuId: number,
  { id, name, disabled, translations }: SaveSection & { id: number },
) => {
  const current = await lockSectionMenu(tx, clubId, menuId, id);
  if (name !== undefined && name === current.name)
    throw new AppError(400, 'VALIDATION_ERROR', {
      issues: [{ path: 'body.name', key: 'validation.nameUnchanged' }],
    });
  const changes = {
    ...(name === undefined ? {} : { name }),
    ...(disabled === undefined ? {} : { disabled }),
  };
  if (Object.keys(changes).length > 0)
    await tx.update(menuSections).set(changes).where(eq(menuSections.id, id));
  await writeSectionTranslations(tx, sectionTranslationWrites(id, translations));
  return sectionOrNotFound(tx, menuId, id);
};

/** PUT .../sections: a new category at the end (no id), or one renamed, switched or translated. */
export const saveSection = (
  db: Database,
  clubId: number,
  menuId: number,
  section: SaveSection,
): Promise<MenuSection> =>
  db.transaction(async (tx) => {
    const { id, name, disabled, translations } = section;
    if (id) return changeSection(tx, clubId, menuId, { ...section, id });
    // The contract already refuses a new category without a name; this keeps the types honest.
    if (name === undefined)
      throw new AppError(400, 'VALIDATION_ERROR', {
        issues: [{ path: 'body.name', key: 'validation.required' }],
      });
    await lockMenu(tx, clubId, menuId);
    const row = firstOrThrow(
      await tx
        .insert(menuSections)
        .values({ menuId, name, disabled: disabled ?? false, position: positionAtEnd('sections', menuId) })
        .returning({ id: menuSections.id }),
      'category',
    );
    await writeSectionTranslations(tx, sectionTranslationWrites(row.id, translations));
    return sectionOrNotFound(tx, menuId, row.id);
  });

/** PUT .../sections/batch: moves and switches, then the menu's categories. */
export const changeSections = (
  db: Database,
  clubId: number,
  menuId: number,
  rows: z.output<typeof SectionBatchRequestSchema>['sections'],
) =>
  db.transaction(async (tx) => {
    await lockMenu(tx, clubId, menuId);
    await applyBatch(tx, 'sections', menuId, rows);
    return (await loadSections(tx, [menuId])).get(menuId) ?? [];
  });

/** A category with its items (the database cascades). */
export const deleteSection = (
  db: Database,
  clubId: number,
  menuId: number,
  sectionId: number,
): Promise<ReleasedImage[]> =>
  db.transaction(async (tx) => {
    await lockSectionMenu(tx, clubId, menuId, sectionId);
    // The items go with the category (ON DELETE CASCADE): their photos, released after, are read first.
    const photos = await tx
      .selectDistinct({ photo: menuItems.photo })
      .from(menuItems)
      .where(and(eq(menuItems.sectionId, sectionId), isNotNull(menuItems.photo)));
    await tx.delete(menuSections).where(eq(menuSections.id, sectionId));
    await renumber(tx, 'sections', menuId);
    return releaseUnusedPhotos(
      tx,
      clubId,
      photos.map((row) => row.photo),
    );
  });
