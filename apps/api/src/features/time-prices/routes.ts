import { ClubParamsSchema } from '@carta/contract/clubs';
import {
  TimePriceInputSchema,
  TimePriceParamsSchema,
  TimePriceSchema,
  TimePricesInForceQuerySchema,
  TimePricesInForceSchema,
  TimePricesResponseSchema,
} from '@carta/contract/time-prices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import {
  ownerWriteErrors as errors,
  NoContent,
  bearerSecurity as security,
} from '../../lib/route-schemas.ts';
import {
  createTimePrice,
  deleteTimePrice,
  listTargets,
  listTimePrices,
  pricesInForceAt,
  updateTimePrice,
} from './time-price-store.ts';

// Prices by time (docs/product.md, Prices by time): menu editing, so managers may do it. A write drops the
// club's kept guest pages like every club write (plugins/guest-cache.ts, onResponse).
const config = { minRole: 'manager' } as const;
const tags = ['time prices'];

/** The club's prices by time: list, create, change, delete, and what they make at a moment. */
export const timePriceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/time-prices',
    {
      config,
      schema: {
        tags,
        summary: "The club's prices by time, and the categories and dishes a rule may apply to",
        security,
        params: ClubParamsSchema,
        response: { 200: TimePricesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { clubId } = request.params;
      const [timePrices, menus] = await Promise.all([
        listTimePrices(app.db, clubId),
        listTargets(app.db, clubId),
      ]);
      return { timePrices, menus };
    },
  );

  app.get(
    '/time-prices/in-force',
    {
      config,
      schema: {
        tags,
        summary:
          'The dishes at another price on a weekday at a time, each with the rule in force (the owner\'s "who sees what")',
        security,
        params: ClubParamsSchema,
        querystring: TimePricesInForceQuerySchema,
        response: { 200: TimePricesInForceSchema, ...errors },
      },
    },
    async (request) => {
      const [hours = 0, minutes = 0] = request.query.time.split(':').map(Number);
      return {
        prices: await pricesInForceAt(app.db, request.params.clubId, {
          day: request.query.day,
          minutes: hours * 60 + minutes,
        }),
      };
    },
  );

  app.post(
    '/time-prices',
    {
      config,
      schema: {
        tags,
        summary:
          'Create a price by time for a category (a percentage off) or a dish (a new price, or a percentage off)',
        security,
        params: ClubParamsSchema,
        body: TimePriceInputSchema,
        response: { 201: TimePriceSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTimePrice(app.db, request.params.clubId, request.body)),
  );

  app.put(
    '/time-prices/:timePriceId',
    {
      config,
      schema: {
        tags,
        summary: 'Change a price by time, whole',
        security,
        params: TimePriceParamsSchema,
        body: TimePriceInputSchema,
        response: { 200: TimePriceSchema, ...errors },
      },
    },
    async (request) =>
      updateTimePrice(app.db, request.params.clubId, request.params.timePriceId, request.body),
  );

  app.delete(
    '/time-prices/:timePriceId',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a price by time',
        security,
        params: TimePriceParamsSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId, timePriceId } = request.params;
      if (!(await deleteTimePrice(app.db, clubId, timePriceId))) throw notFound();
      return reply.status(204).send(null);
    },
  );
};
