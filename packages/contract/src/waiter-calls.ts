import { z } from 'zod';
import { id } from './fields.ts';

// Call waiter (issue 7): a guest at a table asks for someone; the venue's staff see it live in the owner
// app, acknowledge it ("on the way") and close it when served. Nothing about the guest is kept. The limits and
// the live stream's event name are in waiter-call-rules.ts.

export const WaiterCallParamsSchema = z.object({ clubId: id, callId: id });

/** What a guest's phone knows of its table's call. `none`: no call open; `waitSeconds`: before it may call again. */
export const GuestWaiterCallSchema = z.object({
  status: z.enum(['none', 'open', 'acknowledged']),
  createdAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  waitSeconds: z.number().int().min(0),
});
export type GuestWaiterCall = z.infer<typeof GuestWaiterCallSchema>;

/** A call as staff see it. */
export const WaiterCallSchema = z.object({
  id: z.number(),
  tableId: z.number(),
  tableName: z.string(),
  zoneName: z.string().nullable(),
  status: z.enum(['open', 'acknowledged']),
  createdAt: z.string(),
  acknowledgedAt: z.string().nullable(),
});
export type WaiterCall = z.infer<typeof WaiterCallSchema>;

/** GET /clubs/{clubId}/waiter-calls, and the data of each `calls` event of the live stream. */
export const WaiterCallsResponseSchema = z.object({ calls: z.array(WaiterCallSchema) });
export type WaiterCallsResponse = z.infer<typeof WaiterCallsResponseSchema>;
