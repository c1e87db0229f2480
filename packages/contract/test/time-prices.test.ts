import { describe, expect, it } from 'vitest';
import { TimePriceInputSchema } from '../src/time-prices.ts';

const valid = {
  sectionId: 3,
  label: 'Happy hour',
  days: [5, 1, 1],
  startTime: '18:00',
  endTime: '20:00',
  percentOff: 30,
};

const issuesOf = (input: object) =>
  (TimePriceInputSchema.safeParse(input).error?.issues ?? []).map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

describe('a price by time as written', () => {
  it('takes a category rule with a percentage, days sorted once, translations without blanks', () => {
    expect(
      TimePriceInputSchema.parse({ ...valid, labelTranslations: { en: ' Happy hour ', de: '', it: 'x' } }),
    ).toEqual({
      sectionId: 3,
      itemId: null,
      label: 'Happy hour',
      labelTranslations: { en: 'Happy hour' },
      days: [1, 5],
      startTime: '18:00',
      endTime: '20:00',
      price: null,
      percentOff: 30,
    });
  });

  it('takes a new price for a dish, all day', () => {
    const parsed = TimePriceInputSchema.parse({
      itemId: 8,
      label: 'Aperitivo',
      days: [6],
      price: 5.5,
    });
    expect(parsed).toMatchObject({ itemId: 8, sectionId: null, startTime: null, endTime: null, price: 5.5 });
  });

  it.each([
    [{ itemId: 8 }, 'itemId', 'validation.timePriceTarget'],
    [{ sectionId: null }, 'itemId', 'validation.timePriceTarget'],
    [{ price: 5 }, 'price', 'validation.timePriceChange'],
    [{ percentOff: null }, 'price', 'validation.timePriceChange'],
    [{ percentOff: null, price: 5 }, 'price', 'validation.timePriceOnCategory'],
    [{ percentOff: 0 }, 'percentOff', 'validation.percentOff'],
    [{ percentOff: 101 }, 'percentOff', 'validation.percentOff'],
    [{ percentOff: 12.5 }, 'percentOff', 'validation.percentOff'],
    [{ days: [] }, 'days', 'validation.days'],
    [{ endTime: null }, 'endTime', 'validation.bothTimes'],
    [{ endTime: '18:00' }, 'endTime', 'validation.sameTimes'],
    [{ startTime: '25:00' }, 'startTime', 'validation.time'],
    [{ label: '  ' }, 'label', 'validation.required'],
    [{ label: 'x'.repeat(41) }, 'label', 'validation.tooLong?max=40'],
    [{ tableZone: 1 }, '', 'Unrecognized key: "tableZone"'],
  ])('refuses %j at %s with %s', (change, path, message) => {
    expect(issuesOf({ ...valid, ...change })).toContainEqual([path, message]);
  });
});
