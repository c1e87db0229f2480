import type { LocalMoment } from '@carta/contract/availability';
import { priceInForceAt, type TimePriceRule, timePriceCovers, untilOf } from '@carta/contract/price-in-force';
import {
  TIME_PRICES_PER_CLUB_MAX,
  type TimePrice,
  type TimePriceRequest,
  type TimePricesInForce,
  type TimePriceTargets,
} from '@carta/contract/time-prices';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { itemsInMenuOrder, sectionsInMenuOrder } from '../../db/menu-order.ts';
import { clubs, itemVariants, menuItems, menuSections, menus, timePrices } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';

// Prices by time (docs/product.md, Prices by time; docs/decisions/0086-prices-by-time.md): every query of
// the feature. A rule's target is checked to be the club's under its menu's lock, in the write's
// transaction, so a dish cannot gain variants between the check and the save.

/** Whether a dish shows variants in place of its own price. */
const hasVariants = sql<boolean>`exists (select 1 from ${itemVariants} where ${itemVariants.itemId} = ${menuItems.id})`;

const ruleColumns = {
  id: timePrices.id,
  sectionId: timePrices.sectionId,
  itemId: timePrices.itemId,
  label: timePrices.label,
  labelTranslations: timePrices.labelTranslations,
  days: timePrices.days,
  startTime: timePrices.startTime,
  endTime: timePrices.endTime,
  price: timePrices.price,
  percentOff: timePrices.percentOff,
};

/** The club's rules with the names of their targets, in the menus' order; `where` narrows them. */
const selectTimePrices = async (db: Executor, clubId: number, where?: SQL): Promise<TimePrice[]> => {
  const rows = await db
    .select({
      ...ruleColumns,
      menuId: menus.id,
      menuName: menus.name,
      sectionName: menuSections.name,
      itemName: menuItems.name,
      itemPrice: menuItems.price,
      hasVariants,
    })
    .from(timePrices)
    .leftJoin(menuItems, eq(menuItems.id, timePrices.itemId))
    .innerJoin(
      menuSections,
      sql`${menuSections.id} = coalesce(${timePrices.sectionId}, ${menuItems.sectionId})`,
    )
    .innerJoin(menus, eq(menus.id, menuSections.menuId))
    .where(and(eq(timePrices.clubId, clubId), where))
    .orderBy(...sectionsInMenuOrder, sql`${menuItems.position} asc nulls first`, asc(timePrices.id));
  return rows.map(({ itemPrice, hasVariants: withVariants, ...row }) => ({
    ...row,
    usualPrice: row.itemId !== null && !withVariants ? itemPrice : null,
  }));
};

export const listTimePrices = (db: Executor, clubId: number) => selectTimePrices(db, clubId);

/** Every menu's categories and dishes, hidden ones included: an owner may price a dish before showing it. */
export const listTargets = async (db: Executor, clubId: number): Promise<TimePriceTargets> => {
  const rows = await db
    .select({
      menuId: menus.id,
      menuName: menus.name,
      sectionId: menuSections.id,
      sectionName: menuSections.name,
      itemId: menuItems.id,
      itemName: menuItems.name,
      price: menuItems.price,
      hasVariants,
    })
    .from(menus)
    .innerJoin(menuSections, eq(menuSections.menuId, menus.id))
    .leftJoin(menuItems, eq(menuItems.sectionId, menuSections.id))
    .where(eq(menus.clubId, clubId))
    .orderBy(...itemsInMenuOrder);
  const targets: TimePriceTargets = [];
  for (const row of rows) {
    let menu = targets.at(-1);
    if (menu?.id !== row.menuId) {
      menu = { id: row.menuId, name: row.menuName, sections: [] };
      targets.push(menu);
    }
    let section = menu.sections.at(-1);
    if (section?.id !== row.sectionId) {
      section = { id: row.sectionId, name: row.sectionName, items: [] };
      menu.sections.push(section);
    }
    if (row.itemId !== null && row.itemName !== null)
      section.items.push({
        id: row.itemId,
        name: row.itemName,
        price: row.price,
        hasVariants: Boolean(row.hasVariants),
      });
  }
  return targets;
};

/**
 * The rule's target is the club's (404 otherwise), its menu locked until the write commits; a new price
 * on a dish with variants is refused on the price (it would not say which variant).
 */
const lockTarget = async (tx: Transaction, clubId: number, rule: TimePriceRequest) => {
  if (rule.itemId !== null) {
    const [item] = await tx
      .select({ id: menuItems.id, hasVariants })
      .from(menuItems)
      .innerJoin(menuSections, eq(menuSections.id, menuItems.sectionId))
      .innerJoin(menus, eq(menus.id, menuSections.menuId))
      .where(and(eq(menuItems.id, rule.itemId), eq(menus.clubId, clubId)))
      .for('update', { of: menus });
    if (!item) throw notFound();
    if (rule.price !== null && item.hasVariants)
      throw new AppError(400, 'VALIDATION_ERROR', {
        issues: [{ path: 'body.price', key: 'validation.timePriceVariants' }],
      });
    return;
  }
  const [section] = await tx
    .select({ id: menuSections.id })
    .from(menuSections)
    .innerJoin(menus, eq(menus.id, menuSections.menuId))
    .where(and(eq(menuSections.id, rule.sectionId ?? 0), eq(menus.clubId, clubId)))
    .for('update', { of: menus });
  if (!section) throw notFound();
};

const valuesOf = (rule: TimePriceRequest) => ({
  sectionId: rule.sectionId,
  itemId: rule.itemId,
  label: rule.label,
  labelTranslations: rule.labelTranslations,
  days: rule.days,
  startTime: rule.startTime,
  endTime: rule.endTime,
  price: rule.price,
  percentOff: rule.percentOff,
});

const savedOne = async (tx: Transaction, clubId: number, id: number) =>
  firstOrThrow(await selectTimePrices(tx, clubId, eq(timePrices.id, id)), 'time price');

/** A new rule, within TIME_PRICES_PER_CLUB_MAX: counted under the club's lock, so two at once cannot pass it. */
export const createTimePrice = (db: Database, clubId: number, rule: TimePriceRequest) =>
  db.transaction(async (tx) => {
    await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).for('update');
    const [existing] = await tx
      .select({ value: count() })
      .from(timePrices)
      .where(eq(timePrices.clubId, clubId));
    if ((existing?.value ?? 0) >= TIME_PRICES_PER_CLUB_MAX) throw new AppError(409, 'TIME_PRICES_LIMIT');
    await lockTarget(tx, clubId, rule);
    const created = firstOrThrow(
      await tx
        .insert(timePrices)
        .values({ clubId, ...valuesOf(rule) })
        .returning({ id: timePrices.id }),
      'time price',
    );
    return savedOne(tx, clubId, created.id);
  });

/** Changes the club's rule `id` whole (404 when the club has no such rule). */
export const updateTimePrice = (db: Database, clubId: number, id: number, rule: TimePriceRequest) =>
  db.transaction(async (tx) => {
    const [kept] = await tx
      .select({ id: timePrices.id })
      .from(timePrices)
      .where(and(eq(timePrices.id, id), eq(timePrices.clubId, clubId)))
      .for('update');
    if (!kept) throw notFound();
    await lockTarget(tx, clubId, rule);
    await tx.update(timePrices).set(valuesOf(rule)).where(eq(timePrices.id, id));
    return savedOne(tx, clubId, id);
  });

/** Deletes the club's rule `id`; false when the club has no such rule. */
export const deleteTimePrice = async (db: Database, clubId: number, id: number) =>
  (
    await db
      .delete(timePrices)
      .where(and(eq(timePrices.id, id), eq(timePrices.clubId, clubId)))
      .returning({ id: timePrices.id })
  ).length > 0;

/**
 * The dishes guests would read at another price at a local moment (the owner's "who sees what"): only
 * visible dishes of visible categories, each with the rule that wins for it (price-in-force.ts).
 */
export const pricesInForceAt = async (
  db: Executor,
  clubId: number,
  moment: LocalMoment,
): Promise<TimePricesInForce['prices']> => {
  const rules: TimePriceRule[] = await db
    .select(ruleColumns)
    .from(timePrices)
    .where(eq(timePrices.clubId, clubId));
  const holding = rules.filter((rule) => timePriceCovers(rule, moment));
  const itemIds = holding.flatMap((rule) => (rule.itemId === null ? [] : [rule.itemId]));
  const sectionIds = holding.flatMap((rule) => (rule.sectionId === null ? [] : [rule.sectionId]));
  if (holding.length === 0) return [];
  const items = await db
    .select({
      id: menuItems.id,
      name: menuItems.name,
      price: menuItems.price,
      sectionId: menuItems.sectionId,
      sectionName: menuSections.name,
      menuId: menus.id,
      hasVariants,
    })
    .from(menuItems)
    .innerJoin(menuSections, eq(menuSections.id, menuItems.sectionId))
    .innerJoin(menus, eq(menus.id, menuSections.menuId))
    .where(
      and(
        eq(menus.clubId, clubId),
        eq(menuItems.disabled, false),
        eq(menuSections.disabled, false),
        or(
          itemIds.length ? inArray(menuItems.id, itemIds) : undefined,
          sectionIds.length ? inArray(menuItems.sectionId, sectionIds) : undefined,
        ),
      ),
    )
    .orderBy(asc(menus.position), asc(menuSections.position), asc(menuItems.position), asc(menuItems.id));
  return items.flatMap((item) => {
    const found = priceInForceAt({ ...item, hasVariants: Boolean(item.hasVariants) }, holding, moment);
    if (!found) return [];
    return [
      {
        timePriceId: found.rule.id,
        menuId: item.menuId,
        itemId: item.id,
        itemName: item.name,
        sectionName: item.sectionName,
        label: found.rule.label,
        labelTranslations: found.rule.labelTranslations,
        price: found.price,
        usualPrice: item.hasVariants ? null : item.price,
        percentOff: found.percentOff,
        until: untilOf(found.ends),
      },
    ];
  });
};
