import { describe, expect, it } from 'vitest';
import { localMoment, menusAvailable, type ScheduledMenu } from '../src/availability.ts';

const ROME = { timeZone: 'Europe/Rome' };
const at = (iso: string) => new Date(iso);
const rule = (
  days: number[],
  startTime: string | null,
  endTime: string | null,
  tableZone: number | null = null,
) => ({
  days,
  startTime,
  endTime,
  tableZone,
});
const menu = (id: number, schedulings: ScheduledMenu['schedulings'], enabled = true): ScheduledMenu => ({
  id,
  enabled,
  position: id,
  schedulings,
});
const idsAt = (menus: ScheduledMenu[], iso: string, tableZoneId: number | null = null) =>
  menusAvailable(ROME, { tableZoneId }, menus, at(iso)).map((available) => available.id);

describe('menusAvailable', () => {
  // 2026-11-23 is a Monday; Rome is UTC+1 in winter.
  const lunch = menu(1, [rule([1, 2, 3, 4, 5], '12:00', '15:00')]);

  it.each([
    ['2026-11-23T10:59:00Z', false, 'Monday 11:59, a minute before'],
    ['2026-11-23T11:00:00Z', true, 'Monday 12:00, the start'],
    ['2026-11-23T13:59:00Z', true, 'Monday 14:59'],
    ['2026-11-23T14:00:00Z', false, 'Monday 15:00, the end is not included'],
    ['2026-11-28T12:00:00Z', false, 'Saturday 13:00, not a weekday'],
    ['2026-11-27T12:00:00Z', true, 'Friday 13:00'],
  ])('a weekday lunch rule at %s is %s (%s)', (iso, expected) => {
    expect(idsAt([lunch], iso)).toEqual(expected ? [1] : []);
  });

  it('an overnight range belongs to the evening that starts it, across Sunday to Monday', () => {
    const sundayNight = menu(2, [rule([7], '22:00', '02:00')]);
    expect(idsAt([sundayNight], '2026-11-22T21:30:00Z')).toEqual([2]); // Sunday 22:30
    expect(idsAt([sundayNight], '2026-11-23T00:30:00Z')).toEqual([2]); // Monday 01:30
    expect(idsAt([sundayNight], '2026-11-23T01:00:00Z')).toEqual([]); // Monday 02:00
    expect(idsAt([sundayNight], '2026-11-22T00:30:00Z')).toEqual([]); // Sunday 01:30: Saturday's night
    expect(idsAt([sundayNight], '2026-11-22T20:59:00Z')).toEqual([]); // Sunday 21:59
  });

  it('counts wall-clock time on the spring daylight-saving day in Rome (29 March 2026)', () => {
    const lateBar = menu(3, [rule([7], '01:00', '04:00')]);
    expect(localMoment(at('2026-03-29T00:30:00Z'), 'Europe/Rome')).toEqual({ day: 7, minutes: 90 });
    expect(idsAt([lateBar], '2026-03-29T00:30:00Z')).toEqual([3]); // 01:30 CET
    // 02:00 CET jumps to 03:00 CEST: 01:30 UTC is 03:30 on the wall.
    expect(localMoment(at('2026-03-29T01:30:00Z'), 'Europe/Rome')).toEqual({ day: 7, minutes: 210 });
    expect(idsAt([lateBar], '2026-03-29T01:30:00Z')).toEqual([3]);
    expect(idsAt([lateBar], '2026-03-29T02:30:00Z')).toEqual([]); // 04:30 CEST
  });

  it('counts wall-clock time on the autumn daylight-saving day in Rome (25 October 2026)', () => {
    const sundayLunch = menu(4, [rule([7], '12:00', '13:00')]);
    // After the change Rome is UTC+1: 11:30 UTC is 12:30 on the wall.
    expect(idsAt([sundayLunch], '2026-10-25T11:30:00Z')).toEqual([4]);
    expect(idsAt([sundayLunch], '2026-10-25T10:30:00Z')).toEqual([]); // 11:30 on the wall
    // The day before, still UTC+2: 10:30 UTC is 12:30, and Saturday is not in the rule.
    expect(idsAt([sundayLunch], '2026-10-24T10:30:00Z')).toEqual([]);
    // The repeated hour: 02:30 happens twice, both are Sunday.
    expect(localMoment(at('2026-10-25T00:30:00Z'), 'Europe/Rome')).toEqual({ day: 7, minutes: 150 });
    expect(localMoment(at('2026-10-25T01:30:00Z'), 'Europe/Rome')).toEqual({ day: 7, minutes: 150 });
  });

  it('applies zone-bound rules only to tables of that zone; zone-less rules to every table', () => {
    const terrace = 5;
    const terraceLunch = menu(5, [rule([1], null, null, terrace)]);
    const everywhere = menu(6, [rule([1], null, null)]);
    expect(idsAt([terraceLunch, everywhere], '2026-11-23T12:00:00Z', terrace)).toEqual([5, 6]);
    expect(idsAt([terraceLunch, everywhere], '2026-11-23T12:00:00Z', 9)).toEqual([6]);
    expect(idsAt([terraceLunch, everywhere], '2026-11-23T12:00:00Z', null)).toEqual([6]);
  });

  it('always shows enabled menus without schedules, never disabled ones, in position order', () => {
    const always = menu(8, []);
    const hidden = menu(7, [], false);
    const allWeek = menu(2, [rule([1, 2, 3, 4, 5, 6, 7], null, null)]);
    expect(idsAt([always, hidden, allWeek], '2026-11-25T03:00:00Z')).toEqual([2, 8]);
  });

  it('shows a menu when any of its rules covers the moment', () => {
    const twoServices = menu(9, [rule([6], '12:00', '15:00'), rule([6], '19:00', '23:00')]);
    expect(idsAt([twoServices], '2026-11-28T12:00:00Z')).toEqual([9]);
    expect(idsAt([twoServices], '2026-11-28T17:00:00Z')).toEqual([]);
    expect(idsAt([twoServices], '2026-11-28T19:00:00Z')).toEqual([9]);
  });
});
