import {
  ClubParamsSchema,
  UpdateClubRequestSchema,
  UpdateClubSettingsRequestSchema,
} from '@carta/contract/clubs';
import { ClubDetailsSchema } from '@carta/contract/entities';
import { OWNER_ONLY_CLUB_FIELDS } from '@carta/contract/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { callerRoleOf, clubIdOf, roleNotAllowed } from '../../plugins/club-scope.ts';
import { loadClubOrNotFound, updateClubProfile, updateClubSettings } from './club-profile.ts';
import { isBillingChange, recordVatCheck } from './vat-check.ts';

/** GET and PATCH /clubs/{clubId}, PATCH /clubs/{clubId}/settings: registered inside clubScope. */
export const clubProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { minRole: 'staff' },
      schema: {
        tags: ['clubs'],
        summary: 'The club with its state, plan and counts',
        security,
        params: ClubParamsSchema,
        response: { 200: ClubDetailsSchema, ...errors },
      },
    },
    async (request) => ({
      ...(await loadClubOrNotFound(app.db, clubIdOf(request))),
      role: callerRoleOf(request),
    }),
  );

  app.patch(
    '',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['clubs'],
        summary:
          'Change contacts, address, logo, social links and company data (the owner only: OWNER_ONLY_CLUB_FIELDS); other fields are refused',
        security,
        params: ClubParamsSchema,
        body: UpdateClubRequestSchema,
        response: { 200: ClubDetailsSchema, ...errors },
      },
    },
    async (request) => {
      const clubId = clubIdOf(request);
      const role = callerRoleOf(request);
      // Company and e-invoice data are billing: a manager's form leaves them out (0083).
      if (role !== 'owner' && OWNER_ONLY_CLUB_FIELDS.some((field) => request.body[field] !== undefined))
        throw roleNotAllowed();
      const club = await updateClubProfile(app.db, clubId, request.body);
      if (!isBillingChange(request.body)) return { ...club, role };
      // After the write, outside its transaction: VIES may take seconds, or not answer (0062).
      await recordVatCheck(app.db, app.vatChecker, clubId, new Date());
      return { ...(await loadClubOrNotFound(app.db, clubId)), role };
    },
  );

  app.patch(
    '/settings',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['clubs'],
        summary: 'Switch the club on or off and its features; Smart-only ones need the Smart plan',
        security,
        params: ClubParamsSchema,
        body: UpdateClubSettingsRequestSchema,
        response: { 200: ClubDetailsSchema, ...errors },
      },
    },
    async (request) => ({
      ...(await updateClubSettings(app.db, clubIdOf(request), request.body)),
      role: callerRoleOf(request),
    }),
  );
};
