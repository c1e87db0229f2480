import { ClubParamsSchema, ViewStatsQuerySchema, ViewStatsSchema } from '@carta/contract/clubs';
import { ErrorResponseSchema } from '@carta/contract/errors';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { menus, pageViews } from '../../db/schema.ts';

/** GET /clubs/{clubId}/stats/views: registered inside clubScope. */
export const clubStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats/views',
    {
      schema: {
        tags: ['clubs'],
        summary: 'Guest page views per day and per menu over the last days (numbers only)',
        security: [{ bearerAuth: [] }],
        params: ClubParamsSchema,
        querystring: ViewStatsQuerySchema,
        response: { 200: ViewStatsSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { clubId } = request.params;
      // What was counted a moment ago is included.
      await app.pageViews.flush();
      const today = new Date();
      const days = Array.from({ length: request.query.days }, (_, index) => {
        const day = new Date(today.getTime() - (request.query.days - 1 - index) * 86_400_000);
        return day.toISOString().slice(0, 10);
      });
      const since = eq(pageViews.clubId, clubId);
      const fromDay = gte(pageViews.day, days[0]!);
      const [perDay, perMenu] = await Promise.all([
        app.db
          .select({ day: pageViews.day, views: sql<number>`sum(${pageViews.views})::int` })
          .from(pageViews)
          .where(and(since, fromDay))
          .groupBy(pageViews.day),
        app.db
          .select({
            menuId: pageViews.menuId,
            name: menus.name,
            views: sql<number>`sum(${pageViews.views})::int`,
          })
          .from(pageViews)
          .innerJoin(menus, eq(menus.id, pageViews.menuId))
          .where(and(since, fromDay))
          .groupBy(pageViews.menuId, menus.name),
      ]);
      const byDay = new Map(perDay.map((row) => [row.day, Number(row.views)]));
      const series = days.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
      return {
        days: series,
        menus: perMenu
          .map((row) => ({ menuId: row.menuId, name: row.name, views: Number(row.views) }))
          .sort((left, right) => right.views - left.views),
        total: series.reduce((sum, day) => sum + day.views, 0),
      };
    },
  );
};
