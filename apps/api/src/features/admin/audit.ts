import type { Transaction } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** Writes who did what to what, in the same transaction as the change itself. */
export const writeAudit = async (
  tx: Transaction,
  actorAccountId: number,
  action: string,
  target: { type: 'club' | 'brand'; id: number },
  details: Record<string, unknown> = {},
) => {
  await tx
    .insert(auditLog)
    .values({ actorAccountId, action, targetType: target.type, targetId: target.id, details });
};
