// One way to search dishes, for the owner's item search and the guest page's search alike, so both find
// the same dishes. No dependency: the guest page's script bundles this file.

/** Text as search compares it: lower case, no accents, single spaces ("Caffè  Latte" → "caffe latte"). */
export const normalizeSearchText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** The words of a search, normalised: an empty search has none. */
export const searchWords = (query: string) => normalizeSearchText(query).split(' ').filter(Boolean);

/** A text matches when it holds every word, in any order: "bas pom" finds "Pomodoro e basilico". */
export const matchesSearch = (words: readonly string[], text: string) => {
  const haystack = normalizeSearchText(text);
  return words.every((word) => haystack.includes(word));
};
