import { ClubParamsSchema } from '@carta/contract/clubs';
import { MenuParamsSchema } from '@carta/contract/menus';
import {
  TranslationSuggestionRequestSchema,
  TranslationSuggestionsResponseSchema,
  TranslationUsageSchema,
} from '@carta/contract/translation-suggestions';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { errorResponses, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { createDeeplProvider } from './deepl-provider.ts';
import type { TranslationProvider } from './provider.ts';
import { readTranslationUsage, suggestTranslations } from './suggestions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The machine-translation provider of suggested translations; null when none is configured (0088). */
    translationProvider: TranslationProvider | null;
  }
}

/** The configured provider: DeepL when DEEPL_API_KEY is set, none otherwise. */
export const translationProviderFor = (config: Config): TranslationProvider | null =>
  config.translation.kind === 'deepl'
    ? createDeeplProvider({ apiKey: config.translation.apiKey, serverUrl: config.translation.serverUrl })
    : null;

export type TranslationProviderPluginOptions = {
  /** Replaces the configured provider (tests: DeepL against a local fake; null: off). */
  provider?: TranslationProvider | null | undefined;
};

/** Puts the provider on the app, for the routes and the public configuration. */
export const translationProviderPlugin = fp(
  async (app: FastifyInstance, { provider }: TranslationProviderPluginOptions) => {
    app.decorate(
      'translationProvider',
      provider === undefined ? translationProviderFor(app.config) : provider,
    );
  },
  { name: 'translation-provider', dependencies: ['services'] },
);

/** Suggested translations of a menu, inside clubScope: menu-editing work, so managers and up. */
export const translationSuggestionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/translation-suggestions/usage',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['menus'],
        summary: "The club's suggested-translation characters used this month and its plan's allowance",
        security,
        params: ClubParamsSchema,
        response: { 200: TranslationUsageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      readTranslationUsage({ db: app.db, provider: app.translationProvider }, request.params.clubId),
  );

  app.post(
    '/menu/:menuId/translation-suggestions',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['menus'],
        summary:
          'Suggested translations of the texts of a menu with none in a language, within the monthly allowance; nothing is saved',
        security,
        params: MenuParamsSchema,
        body: TranslationSuggestionRequestSchema,
        response: {
          200: TranslationSuggestionsResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429, 503),
        },
      },
    },
    async (request) =>
      suggestTranslations(
        { db: app.db, provider: app.translationProvider, appSecret: app.appSecret },
        request.params.clubId,
        request.params.menuId,
        request.body.language,
      ),
  );
};
