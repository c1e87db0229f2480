// Translations kept as JSON beside their text (a menu's name and footer, a banner's texts, a variant's
// name): the next value after some changes, for the one update that writes it.

/** A language's texts with some set (a text) or removed (null); a language left with none is dropped. */
export const withTexts = <Texts extends Record<string, string | undefined>>(
  translations: Partial<Record<string, Texts>>,
  changes: Map<string, Partial<Record<keyof Texts, string | null>>>,
) => {
  const next: Partial<Record<string, Texts>> = { ...translations };
  for (const [language, fields] of changes) {
    const texts: Record<string, string | undefined> = { ...next[language], ...fields };
    const kept = Object.fromEntries(Object.entries(texts).filter((entry) => Boolean(entry[1]))) as Texts;
    if (Object.keys(kept).length > 0) next[language] = kept;
    else delete next[language];
  }
  return next;
};

/** One text per language with some set (a text) or removed (null). */
export const singleTexts = (
  translations: Partial<Record<string, string>>,
  changes: Map<string, string | null>,
) => {
  const next: Partial<Record<string, string>> = { ...translations };
  for (const [language, text] of changes) {
    if (text) next[language] = text;
    else delete next[language];
  }
  return next;
};
