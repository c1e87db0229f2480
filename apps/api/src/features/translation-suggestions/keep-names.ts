// The club's glossary on the way to the provider (docs/decisions/0088-suggested-translations.md): the
// texts go as XML, each dish name not to be translated inside a <keep> element the provider is told to
// leave alone (DeepL's tag handling with ignore_tags); the answer comes back as plain text again.

/** The element the kept names travel in; the provider is told to leave its content untranslated. */
export const KEEP_TAG = 'keep';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return ENTITIES[lower] ?? entity;
  });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names shorter than this are not looked for: a one-letter "name" would match everywhere. */
const SHORTEST_NAME = 2;

/**
 * A pattern finding any of `names` as whole words, regardless of case, longest first (so "Pizza Nerano"
 * wins over "Nerano"); null when there is nothing to look for.
 */
export const keptNamesPattern = (names: readonly string[]): RegExp | null => {
  const unique = [
    ...new Set(names.map((name) => name.trim()).filter((name) => name.length >= SHORTEST_NAME)),
  ];
  if (unique.length === 0) return null;
  const alternatives = unique
    .toSorted((left, right) => right.length - left.length)
    .map((name) => escapeRegExp(name).replace(/\s+/g, '\\s+'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
};

/** A text as XML for the provider: escaped, with every kept name inside a <keep> element. */
export const markKeptNames = (text: string, pattern: RegExp | null): string => {
  if (!pattern) return escapeXml(text);
  let marked = '';
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    marked += `${escapeXml(text.slice(from, match.index))}<${KEEP_TAG}>${escapeXml(match[0])}</${KEEP_TAG}>`;
    from = match.index + match[0].length;
  }
  return marked + escapeXml(text.slice(from));
};

/** The provider's XML answer as plain text: the <keep> elements dropped (their content stays), unescaped. */
export const unmarkKeptNames = (xml: string): string =>
  unescapeXml(xml.replace(new RegExp(`</?${KEEP_TAG}\\s*/?>`, 'g'), ''));
