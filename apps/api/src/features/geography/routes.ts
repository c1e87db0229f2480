import {
  CityMatchSchema,
  CitySearchQuerySchema,
  CountryParamsSchema,
  PlaceSchema,
  StateParamsSchema,
} from '@carta/contract/clubs';
import { ErrorResponseSchema } from '@carta/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { languageOf } from '../../lib/language.ts';
import { listCities, listCountries, listStates, searchCities } from './geography.ts';

const Places = z.array(PlaceSchema);
// The data changes with releases, not with requests: let browsers and CDNs keep it for a day.
const CACHE = 'public, max-age=86400';

export const geographyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/countries',
    {
      schema: {
        tags: ['geography'],
        summary: 'Countries, named in the caller language',
        response: { 200: Places },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', CACHE)
        .header('vary', 'accept-language')
        .send(listCountries(languageOf(request))),
  );

  app.get(
    '/countries/:countryIsoCode/states',
    {
      schema: {
        tags: ['geography'],
        summary: "A country's provinces, regions or states",
        params: CountryParamsSchema,
        response: { 200: Places, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const states = listStates(request.params.countryIsoCode, languageOf(request));
      if (!states) throw new AppError(404, 'NOT_FOUND');
      return reply.header('cache-control', CACHE).send(states);
    },
  );

  app.get(
    '/countries/:countryIsoCode/cities',
    {
      schema: {
        tags: ['geography'],
        summary:
          "Cities of a country by name, accents and case aside, with their province (Italy's comuni; other countries answer none)",
        params: CountryParamsSchema,
        querystring: CitySearchQuerySchema,
        response: { 200: z.array(CityMatchSchema), 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const cities = searchCities(request.params.countryIsoCode, request.query.query);
      if (!cities) throw new AppError(404, 'NOT_FOUND');
      return reply.header('cache-control', CACHE).send(cities);
    },
  );

  app.get(
    '/countries/:countryIsoCode/states/:stateIsoCode/cities',
    {
      schema: {
        tags: ['geography'],
        summary: "A state's cities (empty when the data has none: the city is typed)",
        params: StateParamsSchema,
        response: { 200: Places, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { countryIsoCode, stateIsoCode } = request.params;
      const cities = listCities(countryIsoCode, stateIsoCode, languageOf(request));
      if (!cities) throw new AppError(404, 'NOT_FOUND');
      return reply.header('cache-control', CACHE).send(cities);
    },
  );
};
