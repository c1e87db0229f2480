import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { limitAddress } from '../../lib/rate-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler of the routes that create an account: refuses a network address over its limit. */
    limitSignUps: (request: FastifyRequest) => Promise<void>;
    /** A preHandler of POST /users/phone-check: refuses a network address over its limit. */
    limitPhoneChecks: (request: FastifyRequest) => Promise<void>;
  }
}

export const SIGN_UP_WINDOW_MS = 60 * 60_000;

/**
 * Phone checks an address may make per sign-up it may make: someone may fix a typo in the number, or go
 * back to the first step, a few times in one sign-up.
 */
export const PHONE_CHECKS_PER_SIGN_UP = 4;

/**
 * Each sign-up makes an account and sends an email, so one address may sign up a few times an hour
 * (SIGN_UPS_PER_HOUR). Counted in the database, so the limit holds across server processes (0036), and
 * only for requests that passed validation: a form sent back for a typo costs the caller nothing.
 * `POST /users` and `POST /clubs` without a token share the count.
 *
 * The wizard's phone check (0066) tells whether a phone is registered, as a sign-up does: it is counted
 * apart (a check is not a sign-up), with PHONE_CHECKS_PER_SIGN_UP times the sign-ups' allowance.
 */
export const signUpLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const limit = { kind: 'sign_up', max: app.config.signUpsPerHour, windowMs: SIGN_UP_WINDOW_MS } as const;
    const phoneChecks = {
      kind: 'phone_check',
      max: app.config.signUpsPerHour * PHONE_CHECKS_PER_SIGN_UP,
      windowMs: SIGN_UP_WINDOW_MS,
    } as const;
    app.decorate('limitSignUps', async (request: FastifyRequest) => {
      // An owner adding a club with a token makes no account.
      if (request.caller) return;
      await limitAddress(app, request, limit);
    });
    app.decorate('limitPhoneChecks', (request: FastifyRequest) => limitAddress(app, request, phoneChecks));
  },
  { name: 'sign-up-limit', dependencies: ['services', 'database'] },
);
