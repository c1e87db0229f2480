import type { TFunction } from 'i18next';
import { currentLanguage } from '../../lib/i18n.ts';

/** Monday is 1: 2024-01-01 was a Monday, so day d is 2024-01-0d. */
export const weekdayName = (day: number, width: 'short' | 'long' = 'short') =>
  new Intl.DateTimeFormat(currentLanguage(), { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );

/** "Mon–Fri, Sun": runs of consecutive days joined with a dash. */
export const daysSummary = (days: number[], t: TFunction) => {
  const sorted = [...new Set(days)].sort((left, right) => left - right);
  if (sorted.length === 7) return t('schedulings.allWeek');
  const runs: number[][] = [];
  for (const day of sorted) {
    const last = runs.at(-1);
    if (last && day === last.at(-1)! + 1) last.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) =>
      run.length >= 3
        ? `${weekdayName(run[0]!)}–${weekdayName(run.at(-1)!)}`
        : run.map((day) => weekdayName(day)).join(', '),
    )
    .join(', ');
};

type Rule = { days: number[]; startTime: string | null; endTime: string | null; zoneName: string | null };

/** "Mon–Fri 12:00–15:00, Terrace" in plain words, overnight ranges said as such. */
export const ruleSummary = (rule: Rule, t: TFunction) => {
  const days = rule.days.length ? daysSummary(rule.days, t) : t('schedulings.noDays');
  const hours =
    rule.startTime && rule.endTime
      ? rule.endTime < rule.startTime
        ? t('schedulings.overnightRange', { start: rule.startTime, end: rule.endTime })
        : `${rule.startTime}–${rule.endTime}`
      : t('schedulings.allDay');
  return `${days} ${hours}, ${rule.zoneName ?? t('schedulings.everyZone')}`;
};
