import {
  AdminClubPageSchema,
  AdminClubParamsSchema,
  AdminClubSchema,
  AdminClubsQuerySchema,
  ClubMessageRequestSchema,
  UpdateAdminClubRequestSchema,
} from '@carta/contract/admin';
import { GrantSponsorshipRequestSchema } from '@carta/contract/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
    async (request) => {
      const { clubId } = request.params;
      return auditedChange(app, callerOf(request).accountId, async (tx) => {
        const current = await lockClub(tx, clubId);
        if (!current) throw notFound();
        if (current.status === 'active') throw new AppError(409, 'CONFLICT');
        let mail: MailMessage | null = null;
        if (current.status === 'pending') mail = await activateClub(app, tx, clubId);
        else await setClubStatus(tx, clubId, 'active');
        return {
          audit: {
            action: 'club.activate',
            target: { type: 'club', id: clubId },
            details: { from: current.status },
          },
          mail,
          result: await loadAdminClub(tx, clubId),
        };
      });
    },
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
    async (request) => {
      const { clubId } = request.params;
      return auditedChange(app, callerOf(request).accountId, async (tx) => {
        const current = await lockClubWithOwner(tx, clubId);
        if (!current) throw notFound();
        if (current.status === 'suspended') throw new AppError(409, 'CONFLICT');
        await setClubStatus(tx, clubId, 'suspended');
        const { owner } = current;
        return {
          audit: {
            action: 'club.disable',
            target: { type: 'club', id: clubId },
            details: { from: current.status },
          },
          mail: clubDisabledEmail(
            owner.language === 'en' ? 'en' : 'it',
            owner.email,
            owner.name,
            current.name,
            app.config.mail.supportEmail,
          ),
          result: await loadAdminClub(tx, clubId),
        };
      });
    },
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
    async (request) => {
      const { clubId } = request.params;
      const now = new Date();
      let pending: PendingChange | null = null;
      const club = await auditedChange(app, callerOf(request).accountId, async (tx) => {
        // Through the rules: an early adopter's billing stops, a revoked one is Free.
        if (!(await clubExists(tx, clubId))) throw notFound();
        pending = await recordEarlyAdopter(tx, clubId, request.body.freeForever, now);
        return {
          audit: { action: 'club.freeForever', target: { type: 'club', id: clubId }, details: request.body },
          result: await loadAdminClub(tx, clubId),
        };
      });
      if (pending) await afterCommit(app.billing, pending, now);
      return club;
    },
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
    async (request) => {
      const { clubId } = request.params;
      const now = new Date();
      let pending: PendingChange | null = null;
      const club = await auditedChange(app, callerOf(request).accountId, async (tx) => {
        if (!(await clubExists(tx, clubId))) throw notFound();
        const granted = await grantSponsorship(tx, clubId, request.body, now);
        pending = granted.pending;
        return {
          audit: {
            action: 'club.sponsorship',
            target: { type: 'club', id: clubId },
            details: { ...request.body, brand: granted.brandName },
          },
          result: await loadAdminClub(tx, clubId),
        };
      });
      // The same after-commit path as every subscription change: its emails and charges.
      if (pending) await afterCommit(app.billing, pending, now);
      return club;
    },
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
    async (request) => {
      const { clubId } = request.params;
      return auditedChange(app, callerOf(request).accountId, async (tx) => {
        if (!(await clubExists(tx, clubId))) throw notFound();
        await replaceClubMessage(tx, clubId, request.body);
        return {
          audit: { action: 'club.message', target: { type: 'club', id: clubId }, details: request.body },
          result: await loadAdminClub(tx, clubId),
        };
      });
    },
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
    async (request) => {
      const { clubId } = request.params;
      return auditedChange(app, callerOf(request).accountId, async (tx) => {
        if (!(await clubExists(tx, clubId))) throw notFound();
        await clearClubMessage(tx, clubId);
        return {
          audit: { action: 'club.messageCleared', target: { type: 'club', id: clubId } },
          result: await loadAdminClub(tx, clubId),
        };
      });
    },
  );
};
