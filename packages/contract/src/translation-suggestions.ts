import { z } from 'zod';
import type { MenuLanguage } from './limits.ts';
import { TRANSLATABLE_FIELDS, TRANSLATABLE_KINDS, type TranslatableKind } from './menus.ts';

// Suggested translations (docs/product.md, Translations; docs/decisions/0088-suggested-translations.md):
// a machine-translation provider fills the texts of a menu that have no translation yet; nothing is saved
// until the owner saves the translations as usual.

/** The languages a suggestion can be asked in: every menu language but the original (Italian). */
export const SUGGESTION_LANGUAGES = ['en', 'de', 'fr', 'es'] as const satisfies readonly MenuLanguage[];
export type SuggestionLanguage = (typeof SUGGESTION_LANGUAGES)[number];

/** Requests of one club for suggestions in SUGGESTION_WINDOW_MINUTES, whoever asks. */
export const SUGGESTIONS_PER_CLUB = 20;
export const SUGGESTION_WINDOW_MINUTES = 10;

/** POST .../translation-suggestions: the language to suggest the missing texts in. */
export const TranslationSuggestionRequestSchema = z
  .object({ language: z.enum(SUGGESTION_LANGUAGES, { error: 'validation.invalid' }) })
  .strict();
export type TranslationSuggestionRequest = z.input<typeof TranslationSuggestionRequestSchema>;

/** What a club has used of its monthly allowance of suggested characters (UTC months). */
export const TranslationUsageSchema = z.object({
  /** `YYYY-MM`, UTC. */
  month: z.string(),
  /** Characters sent to the provider this month. */
  used: z.number().int(),
  /** Characters the club's plan allows a month (TRANSLATION_ALLOWANCE in plan-features.ts). */
  allowance: z.number().int(),
});
export type TranslationUsage = z.infer<typeof TranslationUsageSchema>;

/** One suggested text, keyed as the translations overview keys its texts (kind, id, field). */
export const TranslationSuggestionSchema = z.object({
  kind: z.enum(TRANSLATABLE_KINDS as [TranslatableKind, ...TranslatableKind[]]),
  id: z.number(),
  field: z.enum(TRANSLATABLE_FIELDS),
  text: z.string(),
});
export type TranslationSuggestion = z.infer<typeof TranslationSuggestionSchema>;

export const TranslationSuggestionsResponseSchema = z.object({
  language: z.enum(SUGGESTION_LANGUAGES),
  /** Only texts with no translation in `language`; empty when every text has one. */
  suggestions: z.array(TranslationSuggestionSchema),
  /** Missing texts left without a suggestion because the month's allowance ran out. */
  leftOut: z.number().int(),
  usage: TranslationUsageSchema,
});
export type TranslationSuggestionsResponse = z.infer<typeof TranslationSuggestionsResponseSchema>;

/** What is left of the month's allowance, never below zero. */
export const remainingCharacters = (usage: Pick<TranslationUsage, 'used' | 'allowance'>) =>
  Math.max(0, usage.allowance - usage.used);

/** The characters a text costs: its code points, as the provider bills them. */
export const characterCount = (text: string) => [...text].length;
