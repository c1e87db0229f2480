import {
  AdminAuthenticatorResetsSchema,
  AuthenticatorResetDecisionSchema,
  AuthenticatorResetParamsSchema,
  AuthenticatorResetRefusalSchema,
} from '@carta/contract/authenticator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerWriteErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { decideAuthenticatorReset } from '../accounts/authenticator.ts';
import { listWaitingResets } from '../accounts/authenticator-reset-store.ts';

/** /admin/authenticator-resets: lost authenticators waiting for support (decision 0072). */
export const authenticatorResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/authenticator-resets',
    {
      schema: {
        tags: ['admin'],
        summary: 'Authenticator reset requests the email has confirmed, waiting for support, oldest first',
        security,
        response: { 200: AdminAuthenticatorResetsSchema, ...errors },
      },
    },
    async () => ({ requests: await listWaitingResets(app.db) }),
  );

  app.post(
    '/authenticator-resets/:resetId/approve',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Approve a reset: the account's authenticator is cleared, its sessions end, the owner is emailed",
        security,
        params: AuthenticatorResetParamsSchema,
        response: { 200: AuthenticatorResetDecisionSchema, ...errors },
      },
    },
    async (request) =>
      decideAuthenticatorReset(app, callerOf(request).accountId, request.params.resetId, {
        decision: 'approved',
      }),
  );

  app.post(
    '/authenticator-resets/:resetId/refuse',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Refuse a reset: nothing changes, the owner is emailed, with support's note when there is one",
        security,
        params: AuthenticatorResetParamsSchema,
        body: AuthenticatorResetRefusalSchema,
        response: { 200: AuthenticatorResetDecisionSchema, ...errors },
      },
    },
    async (request) =>
      decideAuthenticatorReset(app, callerOf(request).accountId, request.params.resetId, {
        decision: 'refused',
        note: request.body.note,
      }),
  );
};
