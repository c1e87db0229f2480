import { type TimePrice, TimePriceInputSchema } from '@carta/contract/time-prices';
import { describe, expect, it } from 'vitest';
import {
  fieldOfPath,
  formValuesOf,
  requestOf,
  targetOptions,
} from '../src/features/time-prices/time-price-form.ts';
import {
  changeText,
  daysText,
  targetText,
  whenText,
} from '../src/features/time-prices/time-price-summary.ts';
import { formatTime, untilText } from '../src/lib/time-price-words.ts';
import { translatorsBeforeAll } from './translators.ts';

const translators = translatorsBeforeAll();

const saved: TimePrice = {
  id: 4,
  sectionId: null,
  itemId: 12,
  label: 'Aperitivo',
  labelTranslations: { en: 'Aperitif' },
  days: [1, 2, 3, 4, 5],
  startTime: '18:00',
  endTime: '20:00',
  price: 4.5,
  percentOff: null,
  menuId: 1,
  menuName: 'Drink',
  sectionName: 'Cocktail',
  itemName: 'Spritz',
  usualPrice: 7,
};

describe('the price-by-time dialog', () => {
  it('offers each category followed by its dishes, a category or a dish with variants for a percentage only', () => {
    const options = targetOptions([
      {
        id: 1,
        name: 'Drink',
        sections: [
          {
            id: 3,
            name: 'Vini',
            items: [
              { id: 12, name: 'Prosecco', price: 6, hasVariants: true },
              { id: 13, name: 'Spritz', price: 7, hasVariants: false },
            ],
          },
        ],
      },
    ]);
    expect(options.map(({ key, isPercentOnly, price }) => [key, isPercentOnly, price])).toEqual([
      ['s:3', true, null],
      ['i:12', true, null],
      ['i:13', false, 7],
    ]);
  });

  it('opens a saved rule as it is, its price written the language’s way', () => {
    const values = formValuesOf(saved, ['en', 'de'], 'it');
    expect(values).toMatchObject({
      target: 'i:12',
      change: 'price',
      price: '4,5',
      percentOff: '',
      isAllDay: false,
      labelTranslations: { en: 'Aperitif', de: '' },
    });
    // And sends it back unchanged, which the contract's schema takes.
    const request = requestOf(values);
    expect(TimePriceInputSchema.parse(request)).toMatchObject({
      itemId: 12,
      sectionId: null,
      price: 4.5,
      percentOff: null,
      labelTranslations: { en: 'Aperitif' },
    });
  });

  it('starts a new rule as a weekday evening discount, and sends a category with a percentage', () => {
    const values = {
      ...formValuesOf(null, [], 'en'),
      target: 's:3' as const,
      label: 'Happy hour',
      percentOff: '30',
    };
    expect(requestOf(values)).toEqual({
      sectionId: 3,
      itemId: null,
      label: 'Happy hour',
      labelTranslations: {},
      days: [1, 2, 3, 4, 5],
      startTime: '18:00',
      endTime: '20:00',
      price: null,
      percentOff: 30,
    });
    expect(requestOf({ ...values, isAllDay: true })).toMatchObject({ startTime: null, endTime: null });
  });

  it('puts each issue on the field the owner can change', () => {
    expect(fieldOfPath('itemId')).toBe('target');
    expect(fieldOfPath('sectionId')).toBe('target');
    // "Give a price or a percentage" lands where the owner types the chosen one.
    expect(fieldOfPath('price', 'percent')).toBe('percentOff');
    expect(fieldOfPath('price', 'price')).toBe('price');
    expect(fieldOfPath('labelTranslations.en')).toBe('labelTranslations.en');
    expect(fieldOfPath('endTime')).toBe('endTime');
    expect(fieldOfPath('tableZone')).toBeNull();
  });
});

describe('a price by time in words', () => {
  it('says the days with runs of three or more, every day in words', () => {
    expect(daysText([1, 2, 3, 4, 5], translators.it, 'it')).toBe('lun–ven');
    expect(daysText([5, 6], translators.en, 'en')).toBe('Fri and Sat');
    expect(daysText([1, 2, 3, 4, 5, 6, 7], translators.it, 'it')).toBe('Tutti i giorni');
  });

  it('says when, capitalised, overnight and all day as such', () => {
    expect(whenText(saved, translators.it, 'it')).toBe('Lun–ven 18:00–20:00');
    expect(whenText({ ...saved, startTime: '22:00', endTime: '02:00' }, translators.it, 'it')).toBe(
      'Lun–ven 22:00–02:00 (fino al giorno dopo)',
    );
    expect(whenText({ ...saved, startTime: null, endTime: null }, translators.en, 'en')).toBe(
      'Mon–Fri, all day',
    );
    expect(whenText(saved, translators.en, 'en')).toMatch(/^Mon–Fri 6:00\sPM–8:00\sPM$/);
  });

  it('says what it makes and to what', () => {
    expect(changeText(saved, translators.it, 'it')).toMatch(/^4,50\s€ invece di 7,00\s€$/);
    expect(changeText({ ...saved, price: null, percentOff: 30 }, translators.it, 'it')).toBe('−30%');
    expect(targetText(saved, translators.it)).toBe('Spritz · Cocktail · Drink');
    expect(targetText({ ...saved, itemName: null }, translators.en)).toBe('Cocktail category · Drink');
  });

  it('says until when, as guests read it', () => {
    expect(untilText('Aperitivo', { kind: 'time', time: '20:00' }, translators.it, 'it')).toBe(
      'Aperitivo fino alle 20:00',
    );
    expect(untilText('Brunch', { kind: 'day', day: 7 }, translators.en, 'en')).toBe('Brunch until Sunday');
    expect(untilText('Late', { kind: 'midnight' }, translators.it, 'it')).toBe('Late fino a mezzanotte');
    expect(untilText('Always', null, translators.it, 'it')).toBe('Always');
    expect(formatTime('21:30', 'en')).toMatch(/^9:30\sPM$/);
  });
});
