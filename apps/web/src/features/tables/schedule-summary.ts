import { weekdayName as weekdayNameIn } from '@carta/contract/weekdays';
import type { TFunction } from 'i18next';

// Pure functions of the interface language (passed in, not read from i18n), so unit tests can call them
// in either language. Times are kept as "HH:MM" (24-hour) everywhere but on screen.

/** A weekday (1 = Monday) in the interface language, short unless asked. */
export const weekdayName = (day: number, language: string, width: 'short' | 'long' = 'short') =>
  weekdayNameIn(day, { language, width });

const listFormats = new Map<string, Intl.ListFormat>();
/** "a, b e c" in Italian, "a, b, and c" in English: the language's own list punctuation. */
export const formatList = (items: string[], language: string) => {
  let format = listFormats.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { type: 'conjunction', style: 'long' });
    listFormats.set(language, format);
  }
  return format.format(items);
};

/**
 * The convention of the interface language, never the browser's: 24-hour "09:30" in Italian, "9:30 AM"
 * in English.
 */
export const usesTwelveHours = (language: string) => language === 'en';

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** "HH:MM" as the interface language writes a time of day. */
export const formatTime = (time: string, language: string) => {
  const parsed = /^(\d{2}):(\d{2})/.exec(time);
  if (!parsed) return time;
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      hour: usesTwelveHours(language) ? 'numeric' : '2-digit',
      minute: '2-digit',
      hourCycle: usesTwelveHours(language) ? 'h12' : 'h23',
      timeZone: 'UTC',
    });
    timeFormats.set(language, format);
  }
  return format.format(new Date(Date.UTC(2024, 0, 1, Number(parsed[1]), Number(parsed[2]))));
};

/** What the time field shows while empty: the shape of a time in the interface language. */
export const timePlaceholder = (language: string) => (usesTwelveHours(language) ? 'h:mm AM' : 'hh:mm');

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A typed time as "HH:MM", or null when it is not one. Forgiving, for fast keyboard entry in either
 * language: "9", "930", "0930", "9.30", "9:30", "21:30", "9:30 pm", "9pm", "12 a.m.".
 */
export const parseTime = (text: string): string | null => {
  const compact = text.trim().toLowerCase().replace(/\s+/g, '').replace(/[.,]/g, ':');
  const match = /^(\d{1,4})(?::(\d{1,2}))?(?:(a|p):?(?:m:?)?)?$/.exec(compact);
  if (!match) return null;
  const [, digits = '', minutesPart, half] = match;
  let hours: number;
  let minutes: number;
  if (minutesPart !== undefined) {
    if (digits.length > 2) return null;
    hours = Number(digits);
    minutes = Number(minutesPart);
  } else if (digits.length <= 2) {
    hours = Number(digits);
    minutes = 0;
  } else {
    hours = Number(digits.slice(0, -2));
    minutes = Number(digits.slice(-2));
  }
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'p' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return null;
  return `${pad(hours)}:${pad(minutes)}`;
};

/** "lun–ven e dom": runs of three or more days with a dash, the rest listed in the language's way. */
export const daysSummary = (days: number[], t: TFunction, language: string) => {
  const sorted = [...new Set(days)].sort((left, right) => left - right);
  if (sorted.length === 7) return t('schedulings.summaryAllWeek');
  if (sorted.length === 0) return t('schedulings.noDays');
  const runs: { first: number; last: number }[] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && day === run.last + 1) run.last = day;
    else runs.push({ first: day, last: day });
  }
  const items = runs.flatMap(({ first, last }) => {
    if (last - first >= 2) return [`${weekdayName(first, language)}–${weekdayName(last, language)}`];
    return first === last
      ? [weekdayName(first, language)]
      : [weekdayName(first, language), weekdayName(last, language)];
  });
  return formatList(items, language);
};

type Rule = { days: number[]; startTime: string | null; endTime: string | null; zoneName: string | null };

/** "Lun–ven 12:00–15:00, Terrazza" in plain words, overnight ranges said as such. */
export const ruleSummary = (rule: Rule, t: TFunction, language: string) => {
  const days = daysSummary(rule.days, t, language);
  let hours = t('schedulings.summaryAllDay');
  if (rule.startTime && rule.endTime) {
    const range = { start: formatTime(rule.startTime, language), end: formatTime(rule.endTime, language) };
    hours =
      rule.endTime < rule.startTime
        ? t('schedulings.overnightRange', range)
        : t('schedulings.timeRange', range);
  }
  const zone = rule.zoneName ?? t('schedulings.summaryEveryZone');
  const summary = t('schedulings.summary', { days, hours, zone });
  // A title: capitalised even when it opens with an Italian weekday ("lun") or "tutta la settimana".
  return summary.charAt(0).toLocaleUpperCase(language) + summary.slice(1);
};

/** A rule as the overlap check reads it: all day when it has no times. */
type TimedRule = {
  days: number[];
  startTime: string | null;
  endTime: string | null;
  tableZone: number | null;
};

const DAY_MINUTES = 24 * 60;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Quarter hours of the week a rule covers (an overnight range runs into the next day). */
const coveredSlots = (rule: TimedRule) => {
  const slots = new Set<number>();
  const [start, end] =
    rule.startTime === null || rule.endTime === null
      ? [0, DAY_MINUTES]
      : [minutesOf(rule.startTime), minutesOf(rule.endTime)];
  const length = end > start ? end - start : DAY_MINUTES - start + end;
  for (const day of rule.days)
    for (let minute = 0; minute < length; minute += 15)
      slots.add(((day - 1) * DAY_MINUTES + start + minute) % (7 * DAY_MINUTES));
  return slots;
};

/**
 * The pairs of rules (numbered from 1, as the owner counts them) that offer the menu at the same time to
 * the same tables: two rules for different zones never overlap, a rule for every zone overlaps any.
 */
export const overlappingRules = (rules: TimedRule[]): [number, number][] =>
  rules.flatMap((rule, index) => {
    const slots = coveredSlots(rule);
    return rules.slice(index + 1).flatMap((other, offset): [number, number][] => {
      if (rule.tableZone !== null && other.tableZone !== null && rule.tableZone !== other.tableZone)
        return [];
      return [...coveredSlots(other)].some((slot) => slots.has(slot))
        ? [[index + 1, index + offset + 2]]
        : [];
    });
  });

/** What the owner reads under the rules when some overlap, or null when none do. */
export const overlapNotice = (rules: TimedRule[], t: TFunction) => {
  const pairs = overlappingRules(rules);
  if (pairs.length === 0) return null;
  return t('schedulings.overlap', {
    rules: pairs.map(([first, second]) => `${first} ${t('schedulings.and')} ${second}`).join(', '),
  });
};
