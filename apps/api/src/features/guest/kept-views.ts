import type { FastifyInstance } from 'fastify';
import { type ClubView, fingerprintOf, loadClubView, loadMenuContent } from './guest-reads.ts';
import { type GuestViewOptions, type TableView, tableViewOf } from './guest-view.ts';

/**
 * A club's guest view as kept by this process (plugins/guest-cache.ts): read once, then until the club
 * writes or for a minute; the same for every table, page and guest call of the club.
 */
export const keptClubView = (app: FastifyInstance, clubId: number) =>
  app.guestCache.data(
    `club|${clubId}`,
    clubId,
    (known) => loadClubView(app.db, clubId, known),
    fingerprintOf,
  );

/** A menu's content as kept by this process, the same way. */
export const keptMenuContent = (app: FastifyInstance, clubId: number, menuId: number) =>
  app.guestCache.data(
    `menu|${clubId}|${menuId}`,
    clubId,
    (known) => loadMenuContent(app.db, clubId, menuId, known),
    fingerprintOf,
  );

/**
 * What a table sees now, from a kept club view. The work is done once per zone and minute (the tables
 * of a zone see the same menus; schedules move by the minute) and the table's name added at each
 * request, so a busy minute costs one availability check per zone, not one per request.
 */
const zoneViews = new WeakMap<ClubView, Map<string, TableView>>();

export const tableViewAt = (
  view: ClubView | null,
  tableId: number,
  now: Date,
  options: GuestViewOptions = {},
): TableView => {
  const table = view?.tables.get(tableId);
  if (!view || !table) return tableViewOf(view, tableId, now, options);
  let byZone = zoneViews.get(view);
  if (!byZone) {
    byZone = new Map();
    zoneViews.set(view, byZone);
  }
  const key = `${table.tableZoneId}|${Math.floor(now.getTime() / 60_000)}|${options.preview === true}`;
  let zoneView = byZone.get(key);
  if (!zoneView) {
    // Last minute's entries are of no more use.
    if (byZone.size > 32) byZone.clear();
    zoneView = tableViewOf(view, tableId, now, options);
    byZone.set(key, zoneView);
  }
  if (!zoneView.isOpen) return zoneView;
  return {
    ...zoneView,
    row: { ...zoneView.row, table },
    table: { ...zoneView.table, response: { ...zoneView.table.response, tableName: table.name } },
  };
};
