import { describe, expect, it } from 'vitest';
import {
  daysSummary,
  formatTime,
  overlapNotice,
  overlappingRules,
  parseTime,
  ruleSummary,
} from '../src/features/tables/schedule-summary.ts';
import { translatorsBeforeAll } from './translators.ts';

const translators = translatorsBeforeAll();

const rule = (fields: Partial<Parameters<typeof ruleSummary>[0]>) => ({
  days: [1, 2, 3, 4, 5],
  startTime: '12:00',
  endTime: '15:00',
  zoneName: null,
  ...fields,
});

describe('times in the interface language, whatever the browser', () => {
  it('are 24-hour in Italian and 12-hour in English', () => {
    expect(formatTime('09:05', 'it')).toBe('09:05');
    expect(formatTime('00:30', 'it')).toBe('00:30');
    expect(formatTime('21:30', 'it')).toBe('21:30');
    expect(formatTime('09:05', 'en')).toMatch(/^9:05\sAM$/);
    expect(formatTime('00:30', 'en')).toMatch(/^12:30\sAM$/);
    expect(formatTime('12:00', 'en')).toMatch(/^12:00\sPM$/);
    expect(formatTime('21:30', 'en')).toMatch(/^9:30\sPM$/);
  });

  it('are read back from what an owner types quickly', () => {
    expect(parseTime('21:30')).toBe('21:30');
    expect(parseTime('21.30')).toBe('21:30');
    expect(parseTime('21,30')).toBe('21:30');
    expect(parseTime('930')).toBe('09:30');
    expect(parseTime('0930')).toBe('09:30');
    expect(parseTime('9')).toBe('09:00');
    expect(parseTime(' 9:30 pm ')).toBe('21:30');
    expect(parseTime('9pm')).toBe('21:00');
    expect(parseTime('12 a.m.')).toBe('00:00');
    expect(parseTime('12:15 PM')).toBe('12:15');
    // Whatever formatTime shows reads back as the same time, in both languages.
    for (const time of ['00:00', '07:45', '12:00', '23:59'])
      for (const language of ['it', 'en']) expect(parseTime(formatTime(time, language))).toBe(time);
  });

  it('refuse what is not a time', () => {
    for (const text of ['', '24:00', '12:60', '13pm', '0am', 'noon', '12345', '1:2:3']) {
      expect(parseTime(text), text).toBeNull();
    }
  });
});

describe('the schedule summary', () => {
  it('lists days with the language’s punctuation: commas, then "e" or "and"', () => {
    expect(daysSummary([1, 3, 5], translators.it, 'it')).toBe('lun, mer e ven');
    expect(daysSummary([1, 3, 5], translators.en, 'en')).toBe('Mon, Wed, and Fri');
    expect(daysSummary([1, 2, 3, 4, 5, 7], translators.it, 'it')).toBe('lun–ven e dom');
    expect(daysSummary([1, 2, 3, 4, 5, 7], translators.en, 'en')).toBe('Mon–Fri and Sun');
    // Two days in a row are two days, not a run.
    expect(daysSummary([6, 7, 1], translators.it, 'it')).toBe('lun, sab e dom');
    expect(daysSummary([5], translators.en, 'en')).toBe('Fri');
    expect(daysSummary([1, 2, 3, 4, 5, 6, 7], translators.it, 'it')).toBe('tutta la settimana');
  });

  it('reads as one phrase in Italian, 24-hour', () => {
    const t = translators.it;
    expect(ruleSummary(rule({ zoneName: 'Terrazza' }), t, 'it')).toBe('Lun–ven 12:00–15:00, Terrazza');
    expect(ruleSummary(rule({ days: [1, 3, 5] }), t, 'it')).toBe('Lun, mer e ven 12:00–15:00, tutte le zone');
    expect(ruleSummary(rule({ startTime: null, endTime: null }), t, 'it')).toBe(
      'Lun–ven tutto il giorno, tutte le zone',
    );
    expect(
      ruleSummary(rule({ days: [1, 2, 3, 4, 5, 6, 7], startTime: '19:00', endTime: '02:00' }), t, 'it'),
    ).toBe('Tutta la settimana 19:00–02:00 (fino al giorno dopo), tutte le zone');
    expect(ruleSummary(rule({ days: [] }), t, 'it')).toBe('Nessun giorno 12:00–15:00, tutte le zone');
  });

  it('reads as one phrase in English, 12-hour', () => {
    const t = translators.en;
    const summary = (fields: Parameters<typeof rule>[0]) =>
      ruleSummary(rule(fields), t, 'en').replace(/\s/g, ' ');
    expect(summary({ zoneName: 'Terrace' })).toBe('Mon–Fri 12:00 PM – 3:00 PM, Terrace');
    expect(summary({ days: [6, 7], startTime: null, endTime: null })).toBe('Sat and Sun all day, every zone');
    expect(summary({ startTime: '19:00', endTime: '02:00' })).toBe(
      'Mon–Fri 7:00 PM – 2:00 AM (until the next day), every zone',
    );
  });

  it('never has double spaces, a space before a comma or a trailing comma', () => {
    for (const language of ['it', 'en'] as const) {
      for (const fields of [
        {},
        { days: [] },
        { days: [2, 4] },
        { startTime: null, endTime: null },
        { zoneName: 'Sala' },
        { startTime: '23:00', endTime: '01:00' },
      ]) {
        const text = ruleSummary(rule(fields), translators[language], language).replace(/\s/g, ' ');
        expect(text).not.toMatch(/ {2}| ,|,,|,$|^\s|\s$/);
      }
    }
  });
});

describe('the overlap notice under the rules', () => {
  const timed = (fields: Partial<Parameters<typeof overlappingRules>[0][number]>) => ({
    days: [1, 2, 3, 4, 5],
    startTime: '12:00',
    endTime: '15:00',
    tableZone: null,
    ...fields,
  });

  it('names the rules, counted from 1, that offer the menu at the same time', () => {
    const rules = [
      timed({}),
      timed({ startTime: '14:45', endTime: '18:00' }),
      timed({ days: [6, 7] }),
      timed({ days: [5], startTime: null, endTime: null }),
    ];
    expect(overlappingRules(rules)).toEqual([
      [1, 2],
      [1, 4],
      [2, 4],
    ]);
    expect(overlapNotice(rules, translators.it)).toBe(
      'Le regole 1 e 2, 1 e 4, 2 e 4 si sovrappongono: in quegli orari il menu è proposto una volta sola.',
    );
    expect(overlapNotice(rules, translators.en)).toBe(
      'Rules 1 and 2, 1 and 4, 2 and 4 overlap: at those times the menu is offered once, as either allows.',
    );
  });

  it('says nothing for rules back to back, on other days or for other zones', () => {
    expect(
      overlapNotice([timed({}), timed({ startTime: '15:00', endTime: '18:00' })], translators.it),
    ).toBeNull();
    expect(overlapNotice([timed({}), timed({ days: [6, 7] })], translators.it)).toBeNull();
    expect(overlapNotice([timed({ tableZone: 1 }), timed({ tableZone: 2 })], translators.it)).toBeNull();
    expect(overlapNotice([], translators.it)).toBeNull();
  });

  it('counts a rule for every zone against one for a zone', () => {
    expect(overlappingRules([timed({ tableZone: 1 }), timed({ tableZone: null })])).toEqual([[1, 2]]);
  });

  it('follows an overnight range into the next morning, Sunday into Monday', () => {
    const lateSunday = timed({ days: [7], startTime: '22:00', endTime: '02:00' });
    expect(
      overlappingRules([lateSunday, timed({ days: [1], startTime: '01:00', endTime: '03:00' })]),
    ).toEqual([[1, 2]]);
    expect(
      overlappingRules([lateSunday, timed({ days: [1], startTime: '02:00', endTime: '03:00' })]),
    ).toEqual([]);
  });
});
