import { ClubParamsSchema } from '@carta/contract/clubs';
import { ErrorResponseSchema } from '@carta/contract/errors';
import { SaveCustomThemeRequestSchema, ThemeChoiceSchema } from '@carta/contract/themes';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { clubs, storedFiles, subscriptions, themes } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { clubPlan } from '../clubs/plan.ts';
import { describeImage } from '../images/images.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const security = [{ bearerAuth: [] }];

const loadThemes = async (db: Database, clubId: number) => {
  const rows = await db
    .select()
    .from(themes)
    .where(or(isNull(themes.clubId), eq(themes.clubId, clubId)))
    .orderBy(asc(themes.clubId), asc(themes.id));
  // Standard themes first (club_id null sorts last in ascending order, so sort here).
  return rows
    .sort((left, right) => Number(left.clubId !== null) - Number(right.clubId !== null) || left.id - right.id)
    .map(({ clubId: owner, ...theme }) => ({ ...theme, isCustom: owner !== null }));
};

/** GET /clubs/{clubId}/themes and PUT .../themes/custom: registered inside clubScope. */
export const themeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/themes',
    {
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
      schema: {
        tags: ['themes'],
        summary: "Save the club's own theme (Smart plan): every colour, a font, a background image",
        security,
        params: ClubParamsSchema,
        body: SaveCustomThemeRequestSchema,
        response: { 200: ThemeChoiceSchema, ...errors },
      },
    },
    async (request) => {
      const { clubId } = request.params;
      const { backgroundImage, ...fields } = request.body;
      return app.db.transaction(async (tx) => {
        const [club] = await tx
          .select({ freeForever: clubs.freeForever, subscription: subscriptions })
          .from(clubs)
          .leftJoin(subscriptions, eq(subscriptions.clubId, clubs.id))
          .where(eq(clubs.id, clubId))
          .for('update', { of: clubs });
        if (!club || !clubPlan(club).isSmart) throw new AppError(403, 'SMART_PLAN_REQUIRED');
        let backgroundUrl: string | null = null;
        if (backgroundImage) {
          const [file] = await tx
            .select()
            .from(storedFiles)
            .where(and(eq(storedFiles.clubId, clubId), eq(storedFiles.key, backgroundImage)));
          if (!file)
            throw new AppError(400, 'IMAGE_NOT_FOUND', {
              issues: [{ path: 'body.backgroundImage', key: 'errors.IMAGE_NOT_FOUND' }],
            });
          backgroundUrl = describeImage(file.key, file.variants, file).url;
        }
        const values = { ...fields, backgroundImage: backgroundUrl };
        const [existing] = await tx.select({ id: themes.id }).from(themes).where(eq(themes.clubId, clubId));
        const [saved] = existing
          ? await tx.update(themes).set(values).where(eq(themes.id, existing.id)).returning()
          : await tx
              .insert(themes)
              .values({ clubId, ...values })
              .returning();
        const { clubId: _owner, ...theme } = saved!;
        return { ...theme, isCustom: true };
      });
    },
  );
};
