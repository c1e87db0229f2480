import { WAITER_CALLS_PER_ADDRESS } from '@carta/contract/waiter-call-rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limitAddress, type RateLimit } from '../../lib/rate-limits.ts';

/**
 * One phone may call a few times in ten minutes, over every table and club, by the script or by the form:
 * counted in the database under a hash of the address (never the address itself), so the limit holds
 * across server processes (0036).
 */
export const WAITER_CALL_LIMIT: RateLimit = {
  kind: 'waiter_call',
  max: WAITER_CALLS_PER_ADDRESS,
  windowMs: 10 * 60_000,
};

/** A preHandler for the routes that call a waiter: 429 RATE_LIMITED with Retry-After over the limit. */
export const limitWaiterCalls = (app: FastifyInstance) => (request: FastifyRequest) =>
  limitAddress(app, request, WAITER_CALL_LIMIT);
