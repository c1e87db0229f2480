import {
  ClubParamsSchema,
  UpdateClubRequestSchema,
  UpdateClubSettingsRequestSchema,
} from '@carta/contract/clubs';
import { ClubDetailsSchema } from '@carta/contract/entities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { clubIdOf } from '../../plugins/club-scope.ts';
import { loadClubOrNotFound, updateClubProfile, updateClubSettings } from './club-profile.ts';
import { isBillingChange, recordVatCheck } from './vat-check.ts';

/** GET and PATCH /clubs/{clubId}, PATCH /clubs/{clubId}/settings: registered inside clubScope. */
export const clubProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['clubs'],
        summary: 'The club with its state, plan and counts',
        security,
        params: ClubParamsSchema,
        response: { 200: ClubDetailsSchema, ...errors },
      },
    },
    async (request) => loadClubOrNotFound(app.db, clubIdOf(request)),
  );

  app.patch(
    '',
    {
      schema: {
        tags: ['clubs'],
        summary: 'Change contacts, address, logo, social links and company data; other fields are refused',
        security,
        params: ClubParamsSchema,
        body: UpdateClubRequestSchema,
        response: { 200: ClubDetailsSchema, ...errors },
      },
    },
    async (request) => {
      const clubId = clubIdOf(request);
      const club = await updateClubProfile(app.db, clubId, request.body);
      if (!isBillingChange(request.body)) return club;
      // After the write, outside its transaction: VIES may take seconds, or not answer (0062).
      await recordVatCheck(app.db, app.vatChecker, clubId, new Date());
      return loadClubOrNotFound(app.db, clubId);
    },
  );

  app.patch(
    '/settings',
    {
      schema: {
        tags: ['clubs'],
        summary: 'Switch the club on or off and its features; Smart-only ones need the Smart plan',
        security,
        params: ClubParamsSchema,
        body: UpdateClubSettingsRequestSchema,
        response: { 200: ClubDetailsSchema, ...errors },
      },
    },
    async (request) => updateClubSettings(app.db, clubIdOf(request), request.body),
  );
};
