import { formatPrice } from '@carta/contract/format-price';
import type { TimePrice } from '@carta/contract/time-prices';
import { weekdayName } from '@carta/contract/weekdays';
import type { TFunction } from 'i18next';
import { formatTime } from '../../lib/time-price-words.ts';

// A price by time in plain words, in the interface language (passed in, so unit tests can read either):
// "lun–ven 18:00–20:00 · −30% · Categoria Cocktail". Times are "HH:MM" everywhere but on screen.

/** "lun–ven e dom": runs of three days or more with a dash, the rest listed the language's way. */
export const daysText = (days: readonly number[], t: TFunction, language: string) => {
  const sorted = [...new Set(days)].sort((left, right) => left - right);
  if (sorted.length === 7) return t('timePrices.everyDay');
  const runs: { first: number; last: number }[] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && day === run.last + 1) run.last = day;
    else runs.push({ first: day, last: day });
  }
  const short = (day: number) => weekdayName(day, { language, width: 'short' });
  const parts = runs.flatMap(({ first, last }) => {
    if (last - first >= 2) return [`${short(first)}–${short(last)}`];
    return first === last ? [short(first)] : [short(first), short(last)];
  });
  return new Intl.ListFormat(language, { type: 'conjunction', style: 'long' }).format(parts);
};

/** When a rule holds: "Lun–ven 18:00–20:00", overnight ranges said as such, or all day. */
export const whenText = (
  rule: Pick<TimePrice, 'days' | 'startTime' | 'endTime'>,
  t: TFunction,
  language: string,
) => {
  const days = daysText(rule.days, t, language);
  const range =
    rule.startTime && rule.endTime
      ? { days, start: formatTime(rule.startTime, language), end: formatTime(rule.endTime, language) }
      : null;
  let text = t('timePrices.whenAllDay', { days });
  if (range && rule.endTime && rule.startTime)
    text = rule.endTime < rule.startTime ? t('timePrices.whenOvernight', range) : t('timePrices.when', range);
  // A line's start: capitalised even when it opens with an Italian weekday ("lun").
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
};

/** What it makes: "−30%", or "5,00 € invece di 7,00 €" for a dish's new price. */
export const changeText = (
  rule: Pick<TimePrice, 'price' | 'percentOff' | 'usualPrice'>,
  t: TFunction,
  language: string,
) => {
  if (rule.percentOff !== null) return t('timePrices.percentOff', { percent: rule.percentOff });
  const price = formatPrice(rule.price ?? 0, { language });
  return rule.usualPrice === null
    ? price
    : t('timePrices.insteadOf', { price, usual: formatPrice(rule.usualPrice, { language }) });
};

/** What it applies to: "Categoria Cocktail · Drink" or "Spritz · Cocktail · Drink". */
export const targetText = (rule: Pick<TimePrice, 'itemName' | 'sectionName' | 'menuName'>, t: TFunction) =>
  rule.itemName === null
    ? t('timePrices.targetSection', { section: rule.sectionName, menu: rule.menuName })
    : t('timePrices.targetItem', { item: rule.itemName, section: rule.sectionName, menu: rule.menuName });
