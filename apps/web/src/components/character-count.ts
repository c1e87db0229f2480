/**
 * What a field's character counter shows for `length` characters of at most `max`: the count ("12/80"),
 * whether the field is full (the count turns to the error colour), and whether the owner is near the end,
 * the only time a screen reader is told the count unasked: typing each letter would otherwise be read out.
 */
export type CharacterCountState = {
  /** "12/80". */
  text: string;
  /** How many characters are left, never below 0. */
  remaining: number;
  isAtLimit: boolean;
  isNearLimit: boolean;
};

/** The last characters before the limit that are announced: a tenth of it, at least 5, at most 20. */
export const nearLimitOf = (max: number) => Math.min(20, Math.max(5, Math.ceil(max / 10)));

export const characterCount = (length: number, max: number): CharacterCountState => {
  const remaining = Math.max(0, max - length);
  return {
    text: `${length}/${max}`,
    remaining,
    isAtLimit: length >= max,
    isNearLimit: remaining <= nearLimitOf(max),
  };
};
