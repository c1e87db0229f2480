import { ClubParamsSchema } from '@carta/contract/clubs';
import { SaveCustomThemeRequestSchema, ThemeChoiceSchema } from '@carta/contract/themes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { loadThemes, saveCustomTheme } from './theme-store.ts';

/** GET /clubs/{clubId}/themes and PUT .../themes/custom: registered inside clubScope. */
export const themeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/themes',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['themes'],
        summary: "The standard themes and the club's own",
        security,
        params: ClubParamsSchema,
        response: { 200: z.array(ThemeChoiceSchema), ...errors },
      },
    },
    async (request) => loadThemes(app.db, request.params.clubId),
  );

  app.put(
    '/themes/custom',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['themes'],
        summary: "Save the club's own theme (Smart plan): every colour, a font, a background image",
        security,
        params: ClubParamsSchema,
        body: SaveCustomThemeRequestSchema,
        response: { 200: ThemeChoiceSchema, ...errors },
      },
    },
    async (request) => saveCustomTheme(app.db, request.params.clubId, request.body),
  );
};
