import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import { accounts, auditLog } from '../../db/schema.ts';
import type { MailMessage } from '../../lib/mailer.ts';

export type AuditEntry = {
  action: string;
  target: { type: 'club' | 'brand' | 'paymentPlan' | 'account' | 'eInvoice'; id: number };
  details?: Record<string, unknown>;
};

/** What an admin change answers: its result, the audit line it leaves and, maybe, a mail to send. */
export type AuditedOutcome<Result> = { result: Result; audit: AuditEntry; mail?: MailMessage | null };

/** Writes who did what to what, in the same transaction as the change itself. */
export const writeAudit = async (
  tx: Transaction,
  actorAccountId: number,
  { action, target, details }: AuditEntry,
) => {
  await tx
    .insert(auditLog)
    .values({ actorAccountId, action, targetType: target.type, targetId: target.id, details: details ?? {} });
};

/**
 * Every admin write goes through here: the change and its audit line commit together or not at all,
 * and the mail leaves only once both are saved, so nobody is told of a change that was rolled back.
 */
export const auditedChange = async <Result>(
  app: Pick<FastifyInstance, 'db' | 'mailer'>,
  actorAccountId: number,
  change: (tx: Transaction) => Promise<AuditedOutcome<Result>>,
): Promise<Result> => {
  const { result, mail } = await app.db.transaction(async (tx) => {
    const outcome = await change(tx);
    await writeAudit(tx, actorAccountId, outcome.audit);
    return outcome;
  });
  if (mail) await app.mailer.send(mail);
  return result;
};

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
  return {
    entries: rows.map(({ actorName, actorLastName, createdAt, details, ...row }) => ({
      ...row,
      actor: actorName ? `${actorName} ${actorLastName}` : null,
      details: (details ?? {}) as Record<string, unknown>,
      createdAt: createdAt.toISOString(),
    })),
    total: total?.value ?? 0,
  };
};
