import {
  AdminClubPageSchema,
  AdminClubParamsSchema,
  AdminClubSchema,
  AdminClubsQuerySchema,
  ClubMessageRequestSchema,
  UpdateAdminClubRequestSchema,
} from '@carta/contract/admin';
import { GrantSponsorshipRequestSchema } from '@carta/contract/billing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { auditedChange } from '../../lib/audit.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { ownerWriteErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { callerOf } from '../../plugins/auth.ts';
import { afterCommit, type PendingChange } from '../billing/billing-service.ts';
import { grantSponsorship, recordEarlyAdopter } from '../billing/subscription-actions.ts';
import { activateClub } from '../clubs/create-club.ts';
import { clubDisabledEmail } from '../mail/templates.ts';
import {
  clearClubMessage,
  clubExists,
  listAdminClubs,
  loadAdminClub,
  lockClub,
  lockClubWithOwner,
  replaceClubMessage,
  setClubStatus,
} from './admin-club-store.ts';

/** What one console action did to a club: its audit action and details, maybe a mail and a plan change. */
type ClubChange = {
  action: string;
  details?: Record<string, unknown>;
  mail?: MailMessage | null;
  /** A subscription change, whose emails and charges follow its commit like every other one's. */
  pending?: PendingChange | null;
};

/**
 * The shape of every console action on one club: `load` reads (or locks) the club, 404 when there is
 * none; `change` checks and writes in the same transaction; its audit line commits with it; the answer is
 * the club as the console shows it afterwards. The mail leaves once committed, then the plan change's
 * emails and charges.
 */
const changeClub = async <Club>(
  app: FastifyInstance,
  request: FastifyRequest & { params: { clubId: number } },
  load: (tx: Transaction, clubId: number) => Promise<Club | undefined>,
  change: (tx: Transaction, club: Club, now: Date) => Promise<ClubChange>,
) => {
  const { clubId } = request.params;
  const now = new Date();
  const { club, pending } = await auditedChange(app, callerOf(request).accountId, async (tx) => {
    const current = await load(tx, clubId);
    if (!current) throw notFound();
    const { action, details, mail, pending } = await change(tx, current, now);
    return {
      audit: { action, target: { type: 'club', id: clubId }, ...(details ? { details } : {}) },
      mail: mail ?? null,
      result: { club: await loadAdminClub(tx, clubId), pending: pending ?? null },
    };
  });
  if (pending) await afterCommit(app.billing, pending, now);
  return club;
};

/** The club's id when it exists: for the changes that need nothing more of it. */
const existingClub = async (tx: Transaction, clubId: number) =>
  (await clubExists(tx, clubId)) ? clubId : undefined;

/** /admin/clubs/...: the console's list of clubs and what the platform does to one. */
export const adminClubRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/clubs',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Clubs: waiting for activation, active, disabled or all; search by club, city, owner or phone',
        security,
        querystring: AdminClubsQuerySchema,
        response: { 200: AdminClubPageSchema, ...errors },
      },
    },
    async (request) => listAdminClubs(app.db, request.query),
  );

  app.post(
    '/clubs/:clubId/activate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Activate a waiting club, or enable again one the platform disabled; the owner is emailed',
        security,
        params: AdminClubParamsSchema,
        response: { 200: AdminClubSchema, ...errors },
      },
    },
    async (request) =>
      changeClub(app, request, lockClub, async (tx, current) => {
        if (current.status === 'active') throw new AppError(409, 'CONFLICT');
        let mail: MailMessage | null = null;
        if (current.status === 'pending') mail = await activateClub(app, tx, current.id);
        else await setClubStatus(tx, current.id, 'active');
        return { action: 'club.activate', details: { from: current.status }, mail };
      }),
  );

  app.post(
    '/clubs/:clubId/disable',
    {
      schema: {
        tags: ['admin'],
        summary: 'Disable a club for the platform (guests see it unavailable); the owner is emailed',
        security,
        params: AdminClubParamsSchema,
        response: { 200: AdminClubSchema, ...errors },
      },
    },
    async (request) =>
      changeClub(app, request, lockClubWithOwner, async (tx, current) => {
        if (current.status === 'suspended') throw new AppError(409, 'CONFLICT');
        await setClubStatus(tx, request.params.clubId, 'suspended');
        const { owner } = current;
        return {
          action: 'club.disable',
          details: { from: current.status },
          mail: clubDisabledEmail(
            owner.language,
            owner.email,
            owner.name,
            current.name,
            app.config.mail.supportEmail,
          ),
        };
      }),
  );

  app.patch(
    '/clubs/:clubId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set freeForever (early adopter: Smart, never billed)',
        security,
        params: AdminClubParamsSchema,
        body: UpdateAdminClubRequestSchema,
        response: { 200: AdminClubSchema, ...errors },
      },
    },
    async (request) =>
      changeClub(app, request, existingClub, async (tx, clubId, now) => ({
        action: 'club.freeForever',
        details: request.body,
        // Through the rules: an early adopter's billing stops, a revoked one is Free.
        pending: await recordEarlyAdopter(tx, clubId, request.body.freeForever, now),
      })),
  );

  app.post(
    '/clubs/:clubId/sponsorship',
    {
      schema: {
        tags: ['admin'],
        summary:
          'A brand offers the club 6 or 12 months of Smart (a second offer extends the first); refused (409) ' +
          'for a club that pays its own subscription',
        security,
        params: AdminClubParamsSchema,
        body: GrantSponsorshipRequestSchema,
        response: { 200: AdminClubSchema, ...errors },
      },
    },
    async (request) =>
      changeClub(app, request, existingClub, async (tx, clubId, now) => {
        const granted = await grantSponsorship(tx, clubId, request.body, now);
        return {
          action: 'club.sponsorship',
          details: { ...request.body, brand: granted.brandName },
          pending: granted.pending,
        };
      }),
  );

  app.put(
    '/clubs/:clubId/message',
    {
      schema: {
        tags: ['admin'],
        summary: "Write the club's message (replaces the one before)",
        security,
        params: AdminClubParamsSchema,
        body: ClubMessageRequestSchema,
        response: { 200: AdminClubSchema, ...errors },
      },
    },
    async (request) =>
      changeClub(app, request, existingClub, async (tx, clubId) => {
        await replaceClubMessage(tx, clubId, request.body);
        return { action: 'club.message', details: request.body };
      }),
  );

  app.delete(
    '/clubs/:clubId/message',
    {
      schema: {
        tags: ['admin'],
        summary: "Clear the club's message",
        security,
        params: AdminClubParamsSchema,
        response: { 200: AdminClubSchema, ...errors },
      },
    },
    async (request) =>
      changeClub(app, request, existingClub, async (tx, clubId) => {
        await clearClubMessage(tx, clubId);
        return { action: 'club.messageCleared' };
      }),
  );
};
