import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler of the routes that create an account: refuses a network address over its limit. */
    limitSignUps: (request: FastifyRequest) => Promise<void>;
  }
}

export const SIGN_UP_WINDOW_MS = 60 * 60_000;

/**
 * Each sign-up makes an account and sends an email, so one address may sign up a few times an hour
 * (SIGN_UPS_PER_HOUR). Counted in this process's memory like the other per-address limits, and only
 * for requests that passed validation: a form sent back for a typo costs the caller nothing.
 * `POST /users` and `POST /clubs` without a token share the count.
 */
export const signUpLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const count = app.createRateLimit({ max: app.config.signUpsPerHour, timeWindow: SIGN_UP_WINDOW_MS });
    app.decorate('limitSignUps', async (request: FastifyRequest) => {
      // An owner adding a club with a token makes no account.
      if (request.caller) return;
      const outcome = await count(request);
      if (!outcome.isAllowed && outcome.isExceeded)
        throw new AppError(429, 'RATE_LIMITED', {
          headers: { 'retry-after': String(Math.max(1, outcome.ttlInSeconds)) },
        });
    });
  },
  { name: 'sign-up-limit', dependencies: ['@fastify/rate-limit', 'services'] },
);
