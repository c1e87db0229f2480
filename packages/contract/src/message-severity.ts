// The severity of the platform's message to a club, without schemas, so the owner app can colour the
// message on a first load that has no zod (the admin API's schemas are in admin.ts).

/** Message severities, as the owner app colours them. */
export const MESSAGE_SEVERITIES = ['success', 'info', 'warning', 'error'] as const;
export type MessageSeverity = (typeof MESSAGE_SEVERITIES)[number];
/** Message.severity is a number (docs/product.md, Message): its index in MESSAGE_SEVERITIES. */
export const severityName = (severity: number): MessageSeverity =>
  // Out of range reads as the nearest end; a severity that is not a number at all as plain information.
  MESSAGE_SEVERITIES[Math.min(Math.max(Math.trunc(severity), 0), MESSAGE_SEVERITIES.length - 1)] ?? 'info';
