import type { Language } from '@carta/contract/limits';

const formats = {
  it: new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }),
};

/** "25 novembre 2026" / "25 November 2026": a day of a period (UTC), in emails and invoices. */
export const formatLongDate = (instant: string | Date, language: Language) =>
  formats[language].format(typeof instant === 'string' ? new Date(instant) : instant);
