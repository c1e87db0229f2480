/**
 * The first language of an Accept-Language header that is among `supported` (by quality, then order),
 * or `fallback`. Region subtags are ignored: en-GB counts as en.
 */
export const pickLanguage = <Language extends string>(
  header: string | undefined,
  supported: readonly Language[],
  fallback: Language,
): Language => {
  if (!header) return fallback;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters
        .map((parameter) => parameter.trim())
        .find((parameter) => parameter.startsWith('q='));
      return {
        language: tag.toLowerCase().split('-')[0] ?? '',
        quality: quality ? Number(quality.slice(2)) : 1,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const match = ranked.find((entry) => (supported as readonly string[]).includes(entry.language));
  return (match?.language as Language | undefined) ?? fallback;
};
