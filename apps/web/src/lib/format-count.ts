import { currentLanguage } from './i18n.ts';

/**
 * A count of things in the app's language, always grouped: Italian's own rule leaves four digits alone
 * ("5000" beside "100.000"), which reads oddly when the two stand side by side.
 */
export const formatCount = (value: number): string =>
  new Intl.NumberFormat(currentLanguage(), { useGrouping: 'always' }).format(value);
