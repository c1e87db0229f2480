import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@carta/contract/limits';
import type { FastifyRequest } from 'fastify';

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** The caller's interface language from Accept-Language (it or en), Italian when neither is asked for. */
export const languageOf = (request: FastifyRequest): Language => {
  const header = request.headers['accept-language'];
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return {
        language: tag.toLowerCase().split('-')[0] ?? '',
        quality: quality ? Number(quality.slice(2)) : 1,
        index,
      };
    })
    .filter((entry) => entry.quality > 0 && isLanguage(entry.language))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const best = ranked[0]?.language;
  return best && isLanguage(best) ? best : DEFAULT_LANGUAGE;
};
