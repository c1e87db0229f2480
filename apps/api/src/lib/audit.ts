import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { MailMessage } from './mailer.ts';

export type AuditEntry = {
  action: string;
  target: { type: 'club' | 'brand' | 'paymentPlan' | 'account' | 'eInvoice'; id: number };
  details?: Record<string, unknown>;
};

/** What an admin change answers: its result, the audit line it leaves and, maybe, a mail to send. */
export type AuditedOutcome<Result> = { result: Result; audit: AuditEntry; mail?: MailMessage | null };

/**
 * Writes who did what to what, in the same transaction as the change itself. No actor account for a change
 * made through an emailed link (the operations address's club activation): its details say `via`.
 */
export const writeAudit = async (
  tx: Transaction,
  actorAccountId: number | null,
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
