import type { BrandedItem, PromoteRequest, PromoteResponse, PromotionState } from '@carta/contract/promote';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { brandOfClub } from '../../db/club-columns.ts';
import { itemsInMenuOrder } from '../../db/menu-order.ts';
import { insertRecords, recordset } from '../../db/records.ts';
import { brands, clubs, itemPromotions, menuItems, menuSections, menus } from '../../db/schema.ts';
import { assertPlanAllows, lockClubPlanInputs } from '../clubs/plan.ts';

// PATCH /clubs/{clubId}/promote: a branded item is promoted by marking it Suggested and moving it first
// in its category; what it was is kept in item_promotions, so ending the promotion puts it back. Four
// statements whatever the menu's size: lock, read, remember or forget, one update of every changed item.

/** The club's branded items in menu order, each with whether it is promoted. */
const loadBrandedItems = async (db: Executor, clubId: number): Promise<BrandedItem[]> => {
  const rows = await db
    .select({
      id: menuItems.id,
      name: menuItems.name,
      brandCode: menuItems.brandCode,
      menuId: menus.id,
      menuName: menus.name,
      sectionId: menuSections.id,
      sectionName: menuSections.name,
      position: menuItems.position,
      suggested: menuItems.suggested,
      promotedItemId: itemPromotions.itemId,
    })
    .from(menuItems)
    .innerJoin(menuSections, eq(menuSections.id, menuItems.sectionId))
    .innerJoin(menus, eq(menus.id, menuSections.menuId))
    .leftJoin(itemPromotions, eq(itemPromotions.itemId, menuItems.id))
    .where(and(eq(menus.clubId, clubId), eq(menuItems.branded, true)))
    .orderBy(...itemsInMenuOrder);
  return rows.map(({ promotedItemId, brandCode, ...row }) => ({
    ...row,
    brandCode: brandCode ?? '',
    promoted: promotedItemId !== null,
  }));
};

const loadBrandName = async (db: Executor, clubId: number) => {
  const [row] = await db
    .select({ name: brands.name })
    .from(clubs)
    .innerJoin(brands, brandOfClub)
    .where(eq(clubs.id, clubId));
  return row?.name ?? null;
};

/** GET /clubs/{clubId}/promote: the brand and its items, for the screen's preview. */
export const readPromotion = async (db: Database, clubId: number): Promise<PromotionState> => {
  const [brandName, items] = await Promise.all([loadBrandName(db, clubId), loadBrandedItems(db, clubId)]);
  return { brandName, items };
};

type SiblingRow = {
  id: number;
  sectionId: number;
  position: number;
  suggested: boolean;
  previousPosition: number | null;
  previousSuggested: boolean | null;
};

/** Every item of the given categories, in order, with what a promotion kept of it. */
const loadSiblings = async (tx: Transaction, sectionIds: number[]) => {
  const rows: SiblingRow[] = await tx
    .select({
      id: menuItems.id,
      sectionId: menuItems.sectionId,
      position: menuItems.position,
      suggested: menuItems.suggested,
      previousPosition: itemPromotions.previousPosition,
      previousSuggested: itemPromotions.previousSuggested,
    })
    .from(menuItems)
    .leftJoin(itemPromotions, eq(itemPromotions.itemId, menuItems.id))
    .where(inArray(menuItems.sectionId, sectionIds))
    .orderBy(asc(menuItems.sectionId), asc(menuItems.position), asc(menuItems.id));
  const bySection = new Map<number, SiblingRow[]>();
  for (const row of rows) {
    const siblings = bySection.get(row.sectionId) ?? [];
    siblings.push(row);
    bySection.set(row.sectionId, siblings);
  }
  return bySection;
};

/** Promoted items first, in their order, then the others in theirs. */
const promotedFirst = (siblings: SiblingRow[], promoted: Set<number>) => [
  ...siblings.filter((row) => promoted.has(row.id)),
  ...siblings.filter((row) => !promoted.has(row.id)),
];

/**
 * A promoted item's place is kept among the items that were not promoted then (so promotions made one
 * after the other all come back right). Putting back: the others in their order, the items still
 * promoted first among them, and each ending item at its place after those (last if fewer remain).
 */
const putBack = (siblings: SiblingRow[], ending: Set<number>) => {
  const order = siblings.filter((row) => !ending.has(row.id));
  const stillPromoted = order.filter((row) => row.previousPosition !== null).length;
  const back = siblings
    .filter((row) => ending.has(row.id))
    .sort((left, right) => (left.previousPosition ?? 0) - (right.previousPosition ?? 0));
  for (const row of back)
    order.splice(Math.min(stillPromoted + (row.previousPosition ?? order.length), order.length), 0, row);
  return order;
};

type Change = { id: number; position: number; suggested: boolean };

/** PATCH /clubs/{clubId}/promote: promotes or ends the promotion, once; answers what changed. */
export const promote = (db: Database, clubId: number, request: PromoteRequest): Promise<PromoteResponse> =>
  db.transaction(async (tx) => {
    const plan = await lockClubPlanInputs(tx, clubId);
    // Ending a promotion is always allowed: a club back on Free can still put its menus back.
    if (request.enabled) assertPlanAllows(plan, 'promoteBrand');
    // Item writes take turns on their menu's row: so does this one, on every menu of the club.
    await tx.select({ id: menus.id }).from(menus).where(eq(menus.clubId, clubId)).for('update');

    const codes = request.brandCodes ? new Set(request.brandCodes) : null;
    const branded = (await loadBrandedItems(tx, clubId)).filter(
      (item) => !codes || codes.has(item.brandCode),
    );
    const targets = branded.filter((item) => item.promoted !== request.enabled);
    const targetIds = new Set(targets.map((item) => item.id));
    const changes: Change[] = [];
    if (targets.length > 0) {
      const sections = await loadSiblings(tx, [...new Set(targets.map((item) => item.sectionId))]);
      for (const siblings of sections.values()) {
        const order = request.enabled
          ? promotedFirst(
              siblings,
              new Set(
                siblings
                  .filter((row) => row.previousPosition !== null || targetIds.has(row.id))
                  .map((row) => row.id),
              ),
            )
          : putBack(siblings, new Set(siblings.filter((row) => targetIds.has(row.id)).map((row) => row.id)));
        for (const [position, row] of order.entries()) {
          const suggested = !targetIds.has(row.id)
            ? row.suggested
            : request.enabled
              ? true
              : (row.previousSuggested ?? row.suggested);
          if (position !== row.position || suggested !== row.suggested)
            changes.push({ id: row.id, position, suggested });
        }
      }
      if (request.enabled) {
        // Each place among the items not promoted before this call.
        const places = new Map(
          [...sections.values()].flatMap((siblings) =>
            siblings.filter((row) => row.previousPosition === null).map((row, index) => [row.id, index]),
          ),
        );
        await tx.execute(
          insertRecords(
            itemPromotions,
            targets.map((item) => ({
              itemId: item.id,
              previousPosition: places.get(item.id) ?? item.position,
              previousSuggested: item.suggested,
            })),
          ),
        );
      } else {
        await tx.delete(itemPromotions).where(inArray(itemPromotions.itemId, [...targetIds]));
      }
      if (changes.length > 0)
        await tx.execute(sql`
          update ${menuItems} set position = changed.position, suggested = changed.suggested
          from ${recordset(
            'changed',
            [
              { name: 'id', type: 'integer' },
              { name: 'position', type: 'integer' },
              { name: 'suggested', type: 'boolean' },
            ],
            changes,
          )}
          where ${menuItems.id} = changed.id`);
    }
    const brandName = await loadBrandName(tx, clubId);
    const items = await loadBrandedItems(tx, clubId);
    return { brandName, items, changed: items.filter((item) => targetIds.has(item.id)) };
  });
