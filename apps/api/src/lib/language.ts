import { pickLanguage } from '@carta/contract/accept-language';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@carta/contract/limits';
import type { FastifyRequest } from 'fastify';

/** The caller's interface language from Accept-Language (it or en), Italian when neither is asked for. */
export const languageOf = (request: FastifyRequest): Language =>
  pickLanguage(request.headers['accept-language'], LANGUAGES, DEFAULT_LANGUAGE);
