import { weekdayName as weekdayNameIn } from '@carta/contract/weekdays';
import type { TFunction } from 'i18next';
import { currentLanguage } from '../../lib/i18n.ts';

/** A weekday (1 = Monday) in the interface language, short unless asked. */
export const weekdayName = (day: number, width: 'short' | 'long' = 'short') =>
  weekdayNameIn(day, { language: currentLanguage(), width });

/** "Mon–Fri, Sun": runs of consecutive days joined with a dash. */
export const daysSummary = (days: number[], t: TFunction) => {
  const sorted = [...new Set(days)].sort((left, right) => left - right);
  if (sorted.length === 7) return t('schedulings.allWeek');
  const runs: { first: number; last: number }[] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && day === run.last + 1) run.last = day;
    else runs.push({ first: day, last: day });
  }
  return runs
    .map(({ first, last }) => {
      if (last - first >= 2) return `${weekdayName(first)}–${weekdayName(last)}`;
      return first === last ? weekdayName(first) : `${weekdayName(first)}, ${weekdayName(last)}`;
    })
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
