import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, auditLog, brands, clubs, paymentPlans } from '../../db/schema.ts';

/** A page of the audit log, newest first, with the actor's name (null once the account is gone). */
export const auditPage = async (db: Database, page: number, pageSize: number) => {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorName: accounts.name,
        actorLastName: accounts.lastName,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(accounts, eq(accounts.id, auditLog.actorAccountId))
      .orderBy(desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(auditLog),
  ]);
  const names = await targetNames(db, rows);
  return {
    entries: rows.map(({ actorName, actorLastName, createdAt, details, ...row }) => ({
      ...row,
      targetName: names.get(`${row.targetType}:${row.targetId}`) ?? null,
      actor: actorName ? `${actorName} ${actorLastName}` : null,
      details: (details ?? {}) as Record<string, unknown>,
      createdAt: createdAt.toISOString(),
    })),
    total: total?.value ?? 0,
  };
};

const idsOf = (rows: { targetType: string; targetId: number | null }[], type: string) => [
  ...new Set(rows.flatMap((row) => (row.targetType === type && row.targetId !== null ? [row.targetId] : []))),
];

/**
 * What each line is about, by its name today ("Osteria Demo", not "club no. 12"): the reader knows venues
 * and brands by name. Null once the thing is gone; the renderer then falls back to a name in the details.
 */
const targetNames = async (db: Database, rows: { targetType: string; targetId: number | null }[]) => {
  const [clubIds, brandIds, accountIds, planIds] = ['club', 'brand', 'account', 'paymentPlan'].map((type) =>
    idsOf(rows, type),
  ) as [number[], number[], number[], number[]];
  const [clubRows, brandRows, accountRows, planRows] = await Promise.all([
    clubIds.length
      ? db.select({ id: clubs.id, name: clubs.name }).from(clubs).where(inArray(clubs.id, clubIds))
      : [],
    brandIds.length
      ? db.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.id, brandIds))
      : [],
    accountIds.length
      ? db
          .select({ id: accounts.id, name: accounts.name, lastName: accounts.lastName })
          .from(accounts)
          .where(inArray(accounts.id, accountIds))
      : [],
    planIds.length
      ? db
          .select({ id: paymentPlans.id, country: paymentPlans.isoCountryCode, months: paymentPlans.months })
          .from(paymentPlans)
          .where(inArray(paymentPlans.id, planIds))
      : [],
  ]);
  return new Map<string, string>([
    ...clubRows.map((row) => [`club:${row.id}`, row.name] as const),
    ...brandRows.map((row) => [`brand:${row.id}`, row.name] as const),
    ...accountRows.map((row) => [`account:${row.id}`, `${row.name} ${row.lastName}`] as const),
    ...planRows.map((row) => [`paymentPlan:${row.id}`, `${row.country}:${row.months}`] as const),
  ]);
};
