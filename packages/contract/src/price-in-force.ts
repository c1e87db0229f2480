import { type LocalMoment, localMoment, ruleCovers } from './availability.ts';
import type { TimePriceUntil } from './guest-time-price.ts';
import type { MenuLanguage } from './limits.ts';

// Which price a dish has at an instant (docs/product.md, Prices by time; docs/decisions/0086): pure, so the
// guest page, the owner's "who sees what" and the tests agree. Times are the club's wall clock, read with
// the schedules' own rules (availability.ts): an end before the start runs past midnight and belongs to
// the evening that starts it.

/** A rule as stored: one target (a category or a dish), one change (a new price or a percentage off). */
export type TimePriceRule = {
  id: number;
  sectionId: number | null;
  itemId: number | null;
  label: string;
  labelTranslations: Partial<Record<MenuLanguage, string>>;
  days: number[];
  startTime: string | null;
  endTime: string | null;
  price: number | null;
  percentOff: number | null;
};

/** What a rule needs to know of a dish: its category, its own price, whether it shows variants instead. */
export type PricedItem = { id: number; sectionId: number; price: number | null; hasVariants: boolean };

/** The moment a rule in force stops, on the club's wall clock, and how many minutes away it is. */
export type TimePriceEnd = { day: number; time: string; minutesLeft: number };

export type PriceInForce = {
  rule: TimePriceRule;
  /** The dish's own price while the rule holds; null when it shows variants or has no price of its own. */
  price: number | null;
  /** The percentage the rule takes off each variant's price; null for a new price. */
  percentOff: number | null;
  /** When the rule stops; null when it never does (every day, all day). */
  ends: TimePriceEnd | null;
};

const DAY_MINUTES = 24 * 60;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const nextDay = (day: number) => (day % 7) + 1;
const previousDay = (day: number) => (day === 1 ? 7 : day - 1);

/** A price less a percentage, in cents rounded half up (7,35 € − 30% = 5,15 €, not 5,145). */
export const percentOffPrice = (price: number, percentOff: number) =>
  Math.round((Math.round(price * 100) * (100 - percentOff)) / 100) / 100;

/** Whether a rule holds at a local moment: the schedules' test (`ruleCovers`). */
export const timePriceCovers = (rule: TimePriceRule, moment: LocalMoment) =>
  ruleCovers({ ...rule, tableZone: null }, moment);

/**
 * When a rule that holds at `moment` stops. A range ends today at its end time, or tomorrow for the
 * evening part of an overnight range; a rule all day ends at the first midnight before a day it does not
 * name, and never when it names every day.
 */
export const timePriceEnd = (rule: TimePriceRule, { day, minutes }: LocalMoment): TimePriceEnd | null => {
  if (rule.startTime === null || rule.endTime === null) {
    for (let step = 1; step <= 7; step += 1) {
      const next = ((day - 1 + step) % 7) + 1;
      if (!rule.days.includes(next))
        return { day: next, time: '00:00', minutesLeft: step * DAY_MINUTES - minutes };
    }
    return null;
  }
  const start = minutesOf(rule.startTime);
  const end = minutesOf(rule.endTime);
  const isEveningOfOvernight = start > end && minutes >= start && rule.days.includes(day);
  return isEveningOfOvernight
    ? { day: nextDay(day), time: rule.endTime, minutesLeft: DAY_MINUTES - minutes + end }
    : { day, time: rule.endTime, minutesLeft: end - minutes };
};

/**
 * How guests read the end: a time within the next 24 hours ("until 20:00"), midnight, or the last whole
 * day of a rule on all day for days in a row ("until Sunday"). Null: it never ends.
 */
export const untilOf = (ends: TimePriceEnd | null): TimePriceUntil | null => {
  if (!ends) return null;
  if (ends.minutesLeft > DAY_MINUTES)
    return { kind: 'day', day: ends.time === '00:00' ? previousDay(ends.day) : ends.day };
  return ends.time === '00:00' ? { kind: 'midnight' } : { kind: 'time', time: ends.time };
};

/**
 * What a rule makes of a dish, or null when it changes nothing: a new price fits a dish without variants
 * only; a percentage needs a price to take it from (the dish's or its variants').
 */
const appliedTo = (item: PricedItem, rule: TimePriceRule) => {
  if (rule.price !== null)
    return rule.itemId === item.id && !item.hasVariants ? { price: rule.price, percentOff: null } : null;
  if (rule.percentOff === null) return null;
  if (item.hasVariants) return { price: null, percentOff: rule.percentOff };
  if (item.price === null) return null;
  return { price: percentOffPrice(item.price, rule.percentOff), percentOff: rule.percentOff };
};

type Applied = { rule: TimePriceRule; price: number | null; percentOff: number | null };

/** Of two rules of the same level, the guest's favour: the lower price, else the larger percentage, else the older. */
const better = (left: Applied, right: Applied) => {
  if (left.price !== null && right.price !== null && left.price !== right.price)
    return left.price < right.price ? left : right;
  if ((left.percentOff ?? 0) !== (right.percentOff ?? 0))
    return (left.percentOff ?? 0) > (right.percentOff ?? 0) ? left : right;
  return left.rule.id < right.rule.id ? left : right;
};

/**
 * The price in force for a dish at a local moment: a rule of the dish itself wins over one of its
 * category (the owner made it for that dish); between rules of the same level, the guest's favour. Null
 * when no rule holds, or none changes this dish.
 */
export const priceInForceAt = (
  item: PricedItem,
  rules: readonly TimePriceRule[],
  moment: LocalMoment,
): PriceInForce | null => {
  let best: { ofItem: Applied | null; ofSection: Applied | null } = { ofItem: null, ofSection: null };
  for (const rule of rules) {
    const isOfItem = rule.itemId === item.id;
    if (!isOfItem && rule.sectionId !== item.sectionId) continue;
    if (!timePriceCovers(rule, moment)) continue;
    const change = appliedTo(item, rule);
    if (!change) continue;
    const applied = { rule, ...change };
    best = isOfItem
      ? { ...best, ofItem: best.ofItem ? better(best.ofItem, applied) : applied }
      : { ...best, ofSection: best.ofSection ? better(best.ofSection, applied) : applied };
  }
  const chosen = best.ofItem ?? best.ofSection;
  return chosen ? { ...chosen, ends: timePriceEnd(chosen.rule, moment) } : null;
};

/** The price in force for a dish at an instant, in the club's time zone (daylight saving included). */
export const priceInForce = (
  item: PricedItem,
  rules: readonly TimePriceRule[],
  at: Date,
  timeZone: string,
): PriceInForce | null => priceInForceAt(item, rules, localMoment(at, timeZone));

/**
 * What guests would read differently at a moment, for every dish at once: the rules that hold and how
 * their end reads. A page made for one value is good for every moment with the same value, so it names
 * the page kept for guests, which is made again exactly when a price starts, stops or reads otherwise.
 */
export const timePricesKey = (rules: readonly TimePriceRule[], moment: LocalMoment) =>
  rules
    .filter((rule) => timePriceCovers(rule, moment))
    .map((rule) => {
      const until = untilOf(timePriceEnd(rule, moment));
      return `${rule.id}${until ? `@${until.kind}${'time' in until ? until.time : 'day' in until ? until.day : ''}` : ''}`;
    })
    .join(',');
