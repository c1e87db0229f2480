import { ClubParamsSchema, ViewStatsQuerySchema, ViewStatsSchema } from '@carta/contract/clubs';
import { ErrorResponseSchema } from '@carta/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewCounts } from './club-store.ts';

/** GET /clubs/{clubId}/stats/views: registered inside clubScope. */
export const clubStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats/views',
    {
      config: { minRole: 'manager' },
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
      // The query asks for one day at least; today stands in only for the type's sake.
      const [firstDay = today.toISOString().slice(0, 10)] = days;
      const { perDay, perMenu } = await viewCounts(app.db, clubId, firstDay);
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
