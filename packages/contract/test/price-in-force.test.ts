import { describe, expect, it } from 'vitest';
import {
  type PricedItem,
  percentOffPrice,
  priceInForce,
  priceInForceAt,
  type TimePriceRule,
  timePricesKey,
  untilOf,
} from '../src/price-in-force.ts';

const ROME = 'Europe/Rome';
const at = (iso: string) => new Date(iso);

let nextId = 1;
const rule = (fields: Partial<TimePriceRule>): TimePriceRule => ({
  id: nextId++,
  sectionId: null,
  itemId: null,
  label: 'Happy hour',
  labelTranslations: {},
  days: [1, 2, 3, 4, 5],
  startTime: '18:00',
  endTime: '20:00',
  price: null,
  percentOff: null,
  ...fields,
});
const spritz: PricedItem = { id: 10, sectionId: 1, price: 7, hasVariants: false };
const wine: PricedItem = { id: 11, sectionId: 1, price: null, hasVariants: true };
const marketFish: PricedItem = { id: 12, sectionId: 1, price: null, hasVariants: false };

describe('priceInForce', () => {
  // 2026-11-23 is a Monday; Rome is UTC+1 in winter.
  const happyHour = rule({ sectionId: 1, percentOff: 30 });

  it.each([
    ['2026-11-23T16:59:00Z', null, 'Monday 17:59, a minute before'],
    ['2026-11-23T17:00:00Z', 4.9, 'Monday 18:00, the start'],
    ['2026-11-23T18:59:00Z', 4.9, 'Monday 19:59'],
    ['2026-11-23T19:00:00Z', null, 'Monday 20:00, the end is not included'],
    ['2026-11-28T18:00:00Z', null, 'Saturday 19:00, not one of its days'],
  ])('a weekday category rule at %s makes %s (%s)', (iso, expected, _moment) => {
    expect(priceInForce(spritz, [happyHour], at(iso), ROME)?.price ?? null).toBe(expected);
  });

  it('says what the rule makes and when it ends', () => {
    expect(priceInForce(spritz, [happyHour], at('2026-11-23T18:00:00Z'), ROME)).toEqual({
      rule: happyHour,
      price: 4.9,
      percentOff: 30,
      ends: { day: 1, time: '20:00', minutesLeft: 60 },
    });
  });

  it('runs an overnight range past midnight, belonging to the evening that starts it', () => {
    const lateNight = rule({
      sectionId: 1,
      days: [5],
      startTime: '22:00',
      endTime: '02:00',
      price: null,
      percentOff: 50,
    });
    // Friday 23:00: ends Saturday 02:00, three hours later.
    expect(priceInForceAt(spritz, [lateNight], { day: 5, minutes: 23 * 60 })?.ends).toEqual({
      day: 6,
      time: '02:00',
      minutesLeft: 180,
    });
    // Saturday 01:00: still Friday's night, an hour left.
    expect(priceInForceAt(spritz, [lateNight], { day: 6, minutes: 60 })?.ends).toEqual({
      day: 6,
      time: '02:00',
      minutesLeft: 60,
    });
    // Friday 01:00 belongs to Thursday's night, which the rule does not name.
    expect(priceInForceAt(spritz, [lateNight], { day: 5, minutes: 60 })).toBeNull();
    expect(priceInForceAt(spritz, [lateNight], { day: 6, minutes: 2 * 60 })).toBeNull();
  });

  it("lets a dish's own rule win over its category's, even at a higher price", () => {
    const ofItem = rule({ itemId: spritz.id, price: 6 });
    const found = priceInForceAt(spritz, [happyHour, ofItem], { day: 1, minutes: 19 * 60 });
    expect(found).toMatchObject({ rule: ofItem, price: 6, percentOff: null });
    // Another dish of the category keeps the category's rule.
    expect(
      priceInForceAt({ ...spritz, id: 99 }, [happyHour, ofItem], { day: 1, minutes: 19 * 60 }),
    ).toMatchObject({
      rule: happyHour,
      price: 4.9,
    });
  });

  it("between rules of the same level, takes the guest's favour", () => {
    const small = rule({ sectionId: 1, percentOff: 20 });
    const large = rule({ sectionId: 1, percentOff: 40 });
    expect(priceInForceAt(spritz, [small, large], { day: 1, minutes: 19 * 60 })?.rule).toBe(large);
    expect(priceInForceAt(wine, [small, large], { day: 1, minutes: 19 * 60 })?.rule).toBe(large);
  });

  it('takes a percentage off every variant, and never puts a new price on a dish with variants', () => {
    expect(priceInForceAt(wine, [happyHour], { day: 1, minutes: 19 * 60 })).toMatchObject({
      price: null,
      percentOff: 30,
    });
    const fixed = rule({ itemId: wine.id, price: 5 });
    expect(priceInForceAt(wine, [fixed], { day: 1, minutes: 19 * 60 })).toBeNull();
  });

  it('leaves a dish with only a price text to its text under a percentage, not under a new price', () => {
    expect(priceInForceAt(marketFish, [happyHour], { day: 1, minutes: 19 * 60 })).toBeNull();
    const fixed = rule({ itemId: marketFish.id, price: 18 });
    expect(priceInForceAt(marketFish, [fixed], { day: 1, minutes: 19 * 60 })?.price).toBe(18);
  });

  it('rounds a percentage to the cent, half up', () => {
    expect(percentOffPrice(7.35, 30)).toBe(5.15);
    expect(percentOffPrice(0.99, 15)).toBe(0.84);
    expect(percentOffPrice(10, 33)).toBe(6.7);
    expect(percentOffPrice(4.5, 100)).toBe(0);
    expect(percentOffPrice(1.1, 10)).toBe(0.99);
  });

  it("reads the club's wall clock on a daylight-saving day", () => {
    // Sunday 2026-03-29: Rome moves from UTC+1 to UTC+2 at 02:00.
    const sunday = rule({ sectionId: 1, days: [7], percentOff: 10 });
    // 16:30 UTC is 18:30 in Rome that evening (it would be 17:30 the day before).
    expect(priceInForce(spritz, [sunday], at('2026-03-29T16:30:00Z'), ROME)?.price).toBe(6.3);
    expect(priceInForce(spritz, [sunday], at('2026-03-28T16:30:00Z'), ROME)).toBeNull();
    // A night across the change: Saturday 22:00 to 04:00; 01:30 UTC is 03:30 in Rome, half an hour left.
    const night = rule({ sectionId: 1, days: [6], startTime: '22:00', endTime: '04:00', percentOff: 10 });
    expect(priceInForce(spritz, [night], at('2026-03-29T01:30:00Z'), ROME)?.ends).toEqual({
      day: 7,
      time: '04:00',
      minutesLeft: 30,
    });
  });

  it('ends a rule all day at the midnight before the first day it does not name', () => {
    const weekend = rule({ sectionId: 1, days: [6, 7], startTime: null, endTime: null, percentOff: 10 });
    const saturday = priceInForceAt(spritz, [weekend], { day: 6, minutes: 10 * 60 });
    expect(saturday?.ends).toEqual({ day: 1, time: '00:00', minutesLeft: 38 * 60 });
    expect(untilOf(saturday?.ends ?? null)).toEqual({ kind: 'day', day: 7 });
    const sunday = priceInForceAt(spritz, [weekend], { day: 7, minutes: 10 * 60 });
    expect(untilOf(sunday?.ends ?? null)).toEqual({ kind: 'midnight' });
    const always = rule({
      sectionId: 1,
      days: [1, 2, 3, 4, 5, 6, 7],
      startTime: null,
      endTime: null,
      percentOff: 10,
    });
    expect(priceInForceAt(spritz, [always], { day: 3, minutes: 0 })?.ends).toBeNull();
    expect(untilOf(null)).toBeNull();
  });

  it('reads a range ending at midnight as midnight, and any other end as its time', () => {
    expect(untilOf({ day: 2, time: '00:00', minutesLeft: 120 })).toEqual({ kind: 'midnight' });
    expect(untilOf({ day: 1, time: '20:00', minutesLeft: 60 })).toEqual({ kind: 'time', time: '20:00' });
  });
});

describe('timePricesKey', () => {
  const happyHour = rule({ sectionId: 1, percentOff: 30 });
  const weekend = rule({ sectionId: 1, days: [6, 7], startTime: null, endTime: null, percentOff: 10 });

  it('stays while the same rules hold and read the same, and changes at a boundary', () => {
    const rules = [happyHour, weekend];
    const at1800 = timePricesKey(rules, { day: 1, minutes: 18 * 60 });
    expect(at1800).toBe(`${happyHour.id}@time20:00`);
    expect(timePricesKey(rules, { day: 1, minutes: 19 * 60 + 59 })).toBe(at1800);
    expect(timePricesKey(rules, { day: 1, minutes: 20 * 60 })).toBe('');
    // Saturday's "until Sunday" becomes Sunday's "until midnight".
    expect(timePricesKey(rules, { day: 6, minutes: 12 * 60 })).toBe(`${weekend.id}@day7`);
    expect(timePricesKey(rules, { day: 7, minutes: 12 * 60 })).toBe(`${weekend.id}@midnight`);
  });
});
