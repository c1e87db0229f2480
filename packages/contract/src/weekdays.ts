// Weekdays are numbered 1 = Monday ... 7 = Sunday everywhere (schedules, availability).

/** Monday (1) to Sunday (7), in order. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

// 2024-01-01 was a Monday, so day d is 2024-01-0d.
const dateOf = (day: number) => new Date(Date.UTC(2024, 0, day));

/** The name of a weekday in a language: `long` "lunedì", `short` "lun". */
export const weekdayName = (
  day: number,
  { language, width = 'long' }: { language: string; width?: 'short' | 'long' },
) => new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(dateOf(day));
