// When the offline copy was saved, written as the page's readers write dates: day first and a 24-hour
// clock in Italian ("26/11/2026, 19:17"), British style for English rather than the US one that
// Intl gives plain "en" ("11/26/26, 7:17 PM"). Other languages follow their own custom.

/** The locale whose custom the page's language follows. */
const LOCALES: Record<string, string> = { en: 'en-GB' };

export const offlineTime = (language: string, savedAt: Date, timeZone?: string) =>
  new Intl.DateTimeFormat(LOCALES[language] ?? language, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(savedAt);
