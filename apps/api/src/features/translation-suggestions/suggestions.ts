import { MENU_ORIGINAL_LANGUAGE } from '@carta/contract/limits';
import { type TranslatableText, translatableLimitOf } from '@carta/contract/menus';
import { translationAllowance } from '@carta/contract/plan-features';
import {
  characterCount,
  SUGGESTION_WINDOW_MINUTES,
  SUGGESTIONS_PER_CLUB,
  type SuggestionLanguage,
  type TranslationSuggestion,
  type TranslationSuggestionsResponse,
  type TranslationUsage,
} from '@carta/contract/translation-suggestions';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { countRequest, hashAddress, type RateLimit } from '../../lib/rate-limits.ts';
import { clubPlan, lockClubPlanInputs } from '../clubs/plan.ts';
import { requireMenu } from '../menus/menu-store.ts';
import { loadMenuTranslations } from '../menus/translations.ts';
import { type TranslationProvider, TranslationProviderError } from './provider.ts';
import {
  charactersUsed,
  countUsage,
  keptDishNames,
  readPlanInputs,
  uncountUsage,
  usageMonth,
} from './suggestion-store.ts';

// Suggested translations (docs/product.md, Translations; docs/decisions/0088-suggested-translations.md):
// the texts of a menu with no translation in a language, sent to the provider within the club's monthly
// allowance, answered as suggestions. Nothing is written but the club's count of use.

export type SuggestionServices = {
  db: Database;
  /** Null when no provider is configured: the feature is off. */
  provider: TranslationProvider | null;
  /** Keys the per-club rate limit's hash, like the per-address ones. */
  appSecret: string;
};

/**
 * Requests of one club in ten minutes. Counted in rate_limits like the other limits (0036); the kind is
 * a text column, this one is listed in schema.ts's enum once that file takes it (see the decision).
 */
const SUGGESTION_LIMIT: RateLimit = {
  kind: 'translation_suggestion',
  max: SUGGESTIONS_PER_CLUB,
  windowMs: SUGGESTION_WINDOW_MINUTES * 60_000,
};

/** How long the owner app is told to wait after the provider failed. */
const PROVIDER_RETRY_AFTER_SECONDS = 60;

const requireProvider = (provider: TranslationProvider | null): TranslationProvider => {
  if (!provider) throw new AppError(409, 'TRANSLATION_SUGGESTIONS_OFF');
  return provider;
};

/** GET .../translation-suggestions/usage: the month's use against the plan's allowance. */
export const readTranslationUsage = async (
  { db, provider }: Pick<SuggestionServices, 'db' | 'provider'>,
  clubId: number,
  now = new Date(),
): Promise<TranslationUsage> => {
  requireProvider(provider);
  const month = usageMonth(now);
  const [inputs, used] = await Promise.all([readPlanInputs(db, clubId), charactersUsed(db, clubId, month)]);
  return { month, used, allowance: translationAllowance(clubPlan(inputs, now)) };
};

/**
 * The provider's text as a translation the save accepts: trimmed, without control characters, on one line
 * for a one-line field, within the original field's limit. Empty when nothing is left.
 */
export const asTranslation = (text: string, original: Pick<TranslatableText, 'kind' | 'field'>) => {
  const limit = translatableLimitOf(original.kind, original.field);
  const isMultiline = Boolean(limit?.isMultiline);
  const plain = isMultiline
    ? text.replace(/\r\n?/g, '\n').replace(/[^\P{Cc}\n\t]/gu, '')
    : text.replace(/\s+/g, ' ').replace(/\p{Cc}/gu, '');
  const clipped = [...plain.trim()].slice(0, limit?.max ?? Number.POSITIVE_INFINITY).join('');
  return clipped.trim();
};

/** The missing texts that fit in what is left of the allowance, in the order the menu reads. */
const textsThatFit = (missing: readonly TranslatableText[], remaining: number) => {
  const chosen: TranslatableText[] = [];
  let characters = 0;
  for (const text of missing) {
    const cost = characterCount(text.original);
    if (characters + cost > remaining) break;
    chosen.push(text);
    characters += cost;
  }
  return { chosen, characters };
};

/**
 * POST .../translation-suggestions: suggestions for the menu's texts that have no translation in
 * `language`. Their characters are counted in the club's month in one transaction before they are sent
 * (under the club's lock, so two requests cannot both spend the last of the allowance), and taken back if
 * the provider gives no answer.
 */
export const suggestTranslations = async (
  { db, provider: configured, appSecret }: SuggestionServices,
  clubId: number,
  menuId: number,
  language: SuggestionLanguage,
  now = new Date(),
): Promise<TranslationSuggestionsResponse> => {
  const provider = requireProvider(configured);
  await requireMenu(db, clubId, menuId);
  const wait = await countRequest(
    db,
    SUGGESTION_LIMIT,
    hashAddress(appSecret, SUGGESTION_LIMIT.kind, `club:${clubId}`),
    now,
  );
  if (wait !== null) throw new AppError(429, 'RATE_LIMITED', { headers: { 'retry-after': String(wait) } });

  const overview = await loadMenuTranslations(db, clubId, menuId);
  if (!overview.languages.includes(language))
    throw new AppError(400, 'VALIDATION_ERROR', {
      issues: [{ path: 'body.language', key: 'validation.invalid' }],
    });
  const missing = overview.texts.filter((text) => !text.translations[language]);
  const month = usageMonth(now);

  const { chosen, characters, usage } = await db.transaction(async (tx) => {
    const allowance = translationAllowance(clubPlan(await lockClubPlanInputs(tx, clubId), now));
    const used = await charactersUsed(tx, clubId, month);
    const fit = textsThatFit(missing, Math.max(0, allowance - used));
    if (missing.length === 0) return { ...fit, usage: { month, used, allowance } };
    if (fit.chosen.length === 0) throw new AppError(403, 'TRANSLATION_ALLOWANCE_USED');
    const total = await countUsage(tx, clubId, month, fit.characters);
    return { ...fit, usage: { month, used: total, allowance } };
  });
  if (chosen.length === 0) return { language, suggestions: [], leftOut: 0, usage };

  let translated: string[];
  try {
    translated = await provider.translate({
      texts: chosen.map((text) => text.original),
      source: MENU_ORIGINAL_LANGUAGE,
      target: language,
      keep: await keptDishNames(db, clubId),
    });
  } catch (error) {
    await uncountUsage(db, clubId, month, characters);
    if (!(error instanceof TranslationProviderError)) throw error;
    // The errors plugin logs the cause (its failure named in its message) as every 5xx's.
    throw new AppError(503, 'TRANSLATION_PROVIDER_UNAVAILABLE', {
      cause: error,
      headers: { 'retry-after': String(PROVIDER_RETRY_AFTER_SECONDS) },
    });
  }
  const suggestions: TranslationSuggestion[] = chosen.flatMap((text, index) => {
    const suggestion = asTranslation(translated[index] ?? '', text);
    return suggestion ? [{ kind: text.kind, id: text.id, field: text.field, text: suggestion }] : [];
  });
  return { language, suggestions, leftOut: missing.length - chosen.length, usage };
};
