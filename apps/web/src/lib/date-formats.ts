import { currentLanguage } from './i18n.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date format in the interface's language, made once per language and options: building an
 * `Intl.DateTimeFormat` costs a phone a few milliseconds, too much for every row and every render.
 */
export const dateFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const language = currentLanguage();
  const key = `${language} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    formats.set(key, format);
  }
  return format;
};
