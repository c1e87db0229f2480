import { asc, type Column, count, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { columnName, recordset } from '../../db/records.ts';
import { menuItems, menuSections, menus } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';

// The order of a club's menus, a menu's categories and a category's items: positions 0, 1, 2... Every
// write of an order takes one statement for the whole list.

const SIBLINGS = {
  menus: { table: menus, parent: menus.clubId, switches: { enabled: menus.enabled } },
  sections: {
    table: menuSections,
    parent: menuSections.menuId,
    switches: { disabled: menuSections.disabled },
  },
  items: {
    table: menuItems,
    parent: menuItems.sectionId,
    switches: {
      disabled: menuItems.disabled,
      outOfStock: menuItems.outOfStock,
      bestSeller: menuItems.bestSeller,
      suggested: menuItems.suggested,
    },
  },
} as const;
export type Siblings = keyof typeof SIBLINGS;
type SwitchOf<Kind extends Siblings> = keyof (typeof SIBLINGS)[Kind]['switches'];

/** Positions 0, 1, 2... in the current order, whatever gaps a delete or a move left. */
export const renumber = async (tx: Transaction, kind: Siblings, parentId: number) => {
  const { table, parent } = SIBLINGS[kind];
  await tx.execute(sql`
    update ${table} set position = ordered.rank - 1
    from (
      select id, row_number() over (order by position, id) as rank from ${table} where ${parent} = ${parentId}
    ) as ordered
    where ${table}.id = ordered.id and ${table}.position <> ordered.rank - 1`);
};

/** The position after the last sibling, as a subquery: the insert that uses it needs no statement of its own. */
export const positionAtEnd = (kind: Siblings, parentId: number) => {
  const { table, parent } = SIBLINGS[kind];
  return sql<number>`(select ${count()}::int from ${table} where ${parent} = ${parentId})`;
};

export type BatchRow<Kind extends Siblings> = { id: number; position?: number | undefined } & {
  [Switch in SwitchOf<Kind>]?: boolean | undefined;
};

/**
 * Applies a batch of moves and switches to siblings, all or nothing: every id must be a child of
 * `parentId` (else 404 and nothing changes). Rows keep their relative order unless given a position;
 * a row given position p lands at p in the new order. Positions come out contiguous from 0.
 * Two statements whatever the batch's size: the siblings' order, then one `update ... from` the list of
 * changes (see records.ts).
 */
export const applyBatch = async <Kind extends Siblings>(
  tx: Transaction,
  kind: Kind,
  parentId: number,
  rows: BatchRow<Kind>[],
) => {
  const { table, parent, switches } = SIBLINGS[kind];
  const siblings = await tx
    .select({ id: table.id, position: table.position })
    .from(table)
    .where(eq(parent, parentId))
    .orderBy(asc(table.position), asc(table.id));
  const known = new Set(siblings.map((sibling) => sibling.id));
  if (new Set(rows.map((row) => row.id)).size !== rows.length || rows.some((row) => !known.has(row.id)))
    throw notFound();

  const moved = rows.flatMap((row) =>
    row.position === undefined ? [] : [{ ...row, position: row.position }],
  );
  const newPositions = new Map<number, number>();
  if (moved.length > 0) {
    moved.sort((left, right) => left.position - right.position);
    const movedIds = new Set(moved.map((row) => row.id));
    const order = siblings.filter((sibling) => !movedIds.has(sibling.id)).map((sibling) => sibling.id);
    for (const row of moved) order.splice(Math.min(row.position, order.length), 0, row.id);
    const current = new Map(siblings.map((sibling) => [sibling.id, sibling.position]));
    for (const [position, id] of order.entries())
      if (current.get(id) !== position) newPositions.set(id, position);
  }

  const switchNames = Object.keys(switches) as SwitchOf<Kind>[];
  const rowById = new Map(rows.map((row) => [row.id, row]));
  const switchesOf = (id: number) => {
    const row = rowById.get(id);
    return switchNames.map((name) => row?.[name] ?? null);
  };
  const changedIds = new Set([
    ...newPositions.keys(),
    ...rows.filter((row) => switchesOf(row.id).some((value) => value !== null)).map((row) => row.id),
  ]);
  if (changedIds.size === 0) return;

  // A null keeps the row's value: each row changes only what the batch gives it.
  const switchColumns = Object.values<Column>(switches).map(columnName);
  const columns = [
    { name: 'row_id', type: 'integer' },
    { name: 'new_position', type: 'integer' },
    ...switchColumns.map((column) => ({ name: `new_${column}`, type: 'boolean' })),
  ];
  const records = [...changedIds].map((id) => {
    const switchValues = switchesOf(id);
    return Object.fromEntries([
      ['row_id', id],
      ['new_position', newPositions.get(id) ?? null],
      ...switchColumns.map((column, index) => [`new_${column}`, switchValues[index]]),
    ]);
  });
  await tx.execute(sql`
    update ${table} set
      position = coalesce(batch.new_position, ${table}.position)
      ${sql.join(
        switchColumns.map(
          (column) =>
            sql`, ${sql.identifier(column)} = coalesce(batch.${sql.identifier(`new_${column}`)}, ${table}.${sql.identifier(column)})`,
        ),
        sql``,
      )}
    from ${recordset('batch', columns, records)}
    where ${table}.id = batch.row_id`);
};
