/**
 * The menus screens' own tones for what needs the owner's attention (sold out, still to translate): the
 * theme's warning orange is 3:1 on white, under the 4.5:1 small text needs (WCAG AA), so these are darker
 * text on a pale ground, 7:1 and more.
 */
export const ATTENTION_TONE = { color: '#7a3a00', background: '#fdebd3' } as const;

/** A quiet grey for a state that is not a warning (hidden from guests). */
export const QUIET_TONE = { color: '#3d3236', background: '#ece7e3' } as const;

/** A suggested translation not yet reviewed: a calm blue, 8:1 on its ground, apart from the warnings. */
export const SUGGESTED_TONE = { color: '#0b4a6f', background: '#dcecf7', border: '#2f7db3' } as const;
