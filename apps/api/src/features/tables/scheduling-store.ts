import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { menus, schedulings } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { requireMenu } from '../menus/menu-store.ts';
import { requireOwnZones } from './zone-store.ts';

export type SchedulingRule = {
  id?: number | undefined;
  days: number[];
  startTime: string | null;
  endTime: string | null;
  tableZone: number | null;
};

const loadRules = async (db: Executor, menuId: number) =>
  (
    await db.select().from(schedulings).where(eq(schedulings.menuId, menuId)).orderBy(asc(schedulings.id))
  ).map((rule) => ({
    id: rule.id,
    days: rule.days,
    startTime: rule.startTime,
    endTime: rule.endTime,
    tableZone: rule.tableZoneId,
  }));

/** The club's menu `menuId`'s rules (404 when the club has no such menu). */
export const listSchedulings = async (db: Database, clubId: number, menuId: number) => {
  await requireMenu(db, clubId, menuId);
  return loadRules(db, menuId);
};

/**
 * Replaces a menu's rules, all or nothing: rules with an id are changed (they must be the menu's), those
 * without are created, the others deleted. A statement for each of the three, whatever the count.
 */
export const replaceSchedulings = (db: Database, clubId: number, menuId: number, rules: SchedulingRule[]) =>
  db.transaction(async (tx) => {
    await requireMenu(tx, clubId, menuId);
    await requireOwnZones(
      tx,
      clubId,
      rules.map((rule) => rule.tableZone),
      'body.schedulings',
    );
    // The same rule twice in a request: the last one wins, as if written one after the other.
    const kept = [
      ...new Map(rules.flatMap((rule) => (rule.id ? [[rule.id, { ...rule, id: rule.id }]] : []))).values(),
    ];
    const keptIds = kept.map((rule) => rule.id);
    if (keptIds.length) {
      const [owned] = await tx
        .select({ value: count() })
        .from(schedulings)
        .where(and(eq(schedulings.menuId, menuId), inArray(schedulings.id, keptIds)));
      if (owned?.value !== keptIds.length) throw notFound();
    }
    await tx
      .delete(schedulings)
      .where(
        keptIds.length
          ? and(eq(schedulings.menuId, menuId), notInArray(schedulings.id, keptIds))
          : eq(schedulings.menuId, menuId),
      );
    if (kept.length) {
      const rows = sql.join(
        kept.map(
          (rule) =>
            // An array literal: drizzle would spread a JavaScript array into one parameter per day.
            sql`(${rule.id}::integer, ${`{${rule.days.join(',')}}`}::smallint[], ${rule.startTime}::text, ${rule.endTime}::text, ${rule.tableZone}::integer)`,
        ),
        sql`, `,
      );
      await tx
        .update(schedulings)
        .set({
          days: sql`changed.days`,
          startTime: sql`changed.start_time`,
          endTime: sql`changed.end_time`,
          tableZoneId: sql`changed.table_zone_id`,
        })
        .from(sql`(values ${rows}) as changed (id, days, start_time, end_time, table_zone_id)`)
        .where(and(eq(schedulings.id, sql`changed.id`), eq(schedulings.menuId, menuId)));
    }
    const additions = rules.filter((rule) => !rule.id);
    if (additions.length)
      await tx.insert(schedulings).values(
        additions.map(({ days, startTime, endTime, tableZone }) => ({
          menuId,
          days,
          startTime,
          endTime,
          tableZoneId: tableZone,
        })),
      );
    return loadRules(tx, menuId);
  });

/** Answers false when the menu has no such rule. */
export const deleteScheduling = async (
  db: Database,
  clubId: number,
  menuId: number,
  schedulingId: number,
) => {
  await requireMenu(db, clubId, menuId);
  const deleted = await db
    .delete(schedulings)
    .where(and(eq(schedulings.id, schedulingId), eq(schedulings.menuId, menuId)))
    .returning({ id: schedulings.id });
  return deleted.length > 0;
};

/** Every menu of the club with its schedule rules, as the availability function takes them: one statement. */
export const loadScheduledMenus = async (db: Executor, clubId: number) => {
  const rows = await db
    .select({
      menu: {
        id: menus.id,
        name: menus.name,
        nameTranslations: menus.nameTranslations,
        position: menus.position,
        enabled: menus.enabled,
        footer: menus.footer,
        refreshTime: menus.refreshTime,
      },
      rule: {
        days: schedulings.days,
        startTime: schedulings.startTime,
        endTime: schedulings.endTime,
        tableZone: schedulings.tableZoneId,
      },
    })
    .from(menus)
    .leftJoin(schedulings, eq(schedulings.menuId, menus.id))
    .where(eq(menus.clubId, clubId))
    .orderBy(asc(menus.id), asc(schedulings.id));
  type ScheduledMenu = (typeof rows)[number]['menu'] & {
    schedulings: NonNullable<(typeof rows)[number]['rule']>[];
  };
  const byMenu = new Map<number, ScheduledMenu>();
  for (const { menu, rule } of rows) {
    const scheduled = byMenu.get(menu.id) ?? { ...menu, schedulings: [] };
    if (rule) scheduled.schedulings.push(rule);
    byMenu.set(menu.id, scheduled);
  }
  return [...byMenu.values()];
};
