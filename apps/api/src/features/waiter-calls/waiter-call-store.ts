import { WAITER_CALL_COOLDOWN_SECONDS, WAITER_CALL_EXPIRY_MINUTES } from '@carta/contract/waiter-call-rules';
import type { GuestWaiterCall, WaiterCall } from '@carta/contract/waiter-calls';
import { and, asc, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { clubTables, tableZones, waiterCalls } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';

const EXPIRY_MS = WAITER_CALL_EXPIRY_MINUTES * 60_000;
const COOLDOWN_MS = WAITER_CALL_COOLDOWN_SECONDS * 1000;
/** Closed calls are kept this long (the cool-down needs the last one), then removed. */
const KEEP_CLOSED_MS = 24 * 60 * 60_000;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** Calls staff still have to handle: not closed, and not older than the expiry. */
const stillOpen = (now: Date) =>
  and(ne(waiterCalls.status, 'closed'), gt(waiterCalls.createdAt, new Date(now.getTime() - EXPIRY_MS)));

/** A call nobody closed in time is closed now, as of the moment it expired. */
const expireStale = (db: Executor, where: ReturnType<typeof eq>, now: Date) =>
  db
    .update(waiterCalls)
    .set({
      status: 'closed',
      closedAt: sql`${waiterCalls.createdAt} + ${`${WAITER_CALL_EXPIRY_MINUTES} minutes`}::interval`,
    })
    .where(
      and(
        where,
        ne(waiterCalls.status, 'closed'),
        lt(waiterCalls.createdAt, new Date(now.getTime() - EXPIRY_MS)),
      ),
    );

/** The table's call as its guests see it, and how long before it may call again. */
export const guestCallState = async (
  db: Executor,
  tableId: number,
  now = new Date(),
): Promise<GuestWaiterCall> => {
  const [open] = await db
    .select()
    .from(waiterCalls)
    .where(and(eq(waiterCalls.tableId, tableId), stillOpen(now)));
  if (open)
    return {
      status: open.status === 'acknowledged' ? 'acknowledged' : 'open',
      createdAt: iso(open.createdAt),
      acknowledgedAt: isoOrNull(open.acknowledgedAt),
      waitSeconds: 0,
    };
  const [last] = await db
    .select({ closedAt: waiterCalls.closedAt })
    .from(waiterCalls)
    .where(and(eq(waiterCalls.tableId, tableId), eq(waiterCalls.status, 'closed')))
    .orderBy(desc(waiterCalls.closedAt))
    .limit(1);
  const closedAt = last?.closedAt ? new Date(last.closedAt).getTime() : 0;
  const waitMs = closedAt + COOLDOWN_MS - now.getTime();
  return {
    status: 'none',
    createdAt: null,
    acknowledgedAt: null,
    waitSeconds: Math.max(0, Math.ceil(waitMs / 1000)),
  };
};

export type CallOutcome = { kind: 'created' | 'alreadyOpen' | 'coolingDown'; state: GuestWaiterCall };

/**
 * A guest calls from a table: one open call per table (calling again while it is open answers that call),
 * and after a call is closed the table waits out the cool-down.
 */
export const callWaiter = async (db: Database, clubId: number, tableId: number, now = new Date()) => {
  const attempt = () =>
    db.transaction(async (tx): Promise<CallOutcome> => {
      await expireStale(tx, eq(waiterCalls.tableId, tableId), now);
      const state = await guestCallState(tx, tableId, now);
      if (state.status !== 'none') return { kind: 'alreadyOpen', state };
      if (state.waitSeconds > 0) return { kind: 'coolingDown', state };
      await tx.insert(waiterCalls).values({ clubId, tableId, createdAt: now });
      await tx
        .delete(waiterCalls)
        .where(
          and(
            eq(waiterCalls.clubId, clubId),
            eq(waiterCalls.status, 'closed'),
            lt(waiterCalls.closedAt, new Date(now.getTime() - KEEP_CLOSED_MS)),
          ),
        );
      return { kind: 'created', state: await guestCallState(tx, tableId, now) };
    });
  try {
    return await attempt();
  } catch (error) {
    // Two phones at one table in the same instant: the index keeps one call; the other sees it.
    if (!isUniqueViolation(error)) throw error;
    return { kind: 'alreadyOpen', state: await guestCallState(db, tableId, now) } satisfies CallOutcome;
  }
};

/** The club's calls staff still have to handle, oldest first, with the table's name and zone. */
export const openCalls = async (db: Executor, clubId: number, now = new Date()): Promise<WaiterCall[]> => {
  const rows = await db
    .select({
      id: waiterCalls.id,
      tableId: waiterCalls.tableId,
      tableName: clubTables.name,
      zoneName: tableZones.name,
      status: waiterCalls.status,
      createdAt: waiterCalls.createdAt,
      acknowledgedAt: waiterCalls.acknowledgedAt,
    })
    .from(waiterCalls)
    .innerJoin(clubTables, eq(clubTables.id, waiterCalls.tableId))
    .leftJoin(tableZones, eq(tableZones.id, clubTables.tableZoneId))
    .where(and(eq(waiterCalls.clubId, clubId), stillOpen(now)))
    .orderBy(asc(waiterCalls.createdAt), asc(waiterCalls.id));
  return rows.map((row) => ({
    ...row,
    status: row.status === 'acknowledged' ? 'acknowledged' : 'open',
    createdAt: iso(row.createdAt),
    acknowledgedAt: isoOrNull(row.acknowledgedAt),
  }));
};

/**
 * Staff answer a call: `acknowledge` ("on the way") or `close` (served). Either is idempotent, so two
 * waiters pressing at once both succeed. Answers false when the club has no such call.
 */
export const answerCall = async (
  db: Database,
  clubId: number,
  callId: number,
  action: 'acknowledge' | 'close',
  now = new Date(),
) =>
  db.transaction(async (tx) => {
    const [call] = await tx
      .select()
      .from(waiterCalls)
      .where(and(eq(waiterCalls.id, callId), eq(waiterCalls.clubId, clubId)))
      .for('update');
    if (!call) return false;
    if (action === 'acknowledge' && call.status === 'open')
      await tx
        .update(waiterCalls)
        .set({ status: 'acknowledged', acknowledgedAt: now })
        .where(eq(waiterCalls.id, callId));
    if (action === 'close' && call.status !== 'closed')
      await tx.update(waiterCalls).set({ status: 'closed', closedAt: now }).where(eq(waiterCalls.id, callId));
    // Acknowledging a call already closed changes nothing: the call is gone from every screen anyway.
    return true;
  });
