import { describe, expect, it } from 'vitest';
import { nextOpening } from '../src/features/guest/next-opening.ts';

// What the closed page tells a guest: the next weekday and time a menu opens (1 Monday … 7 Sunday).

const menu = (
  id: number,
  schedulings: {
    days: number[];
    startTime: string | null;
    endTime: string | null;
    tableZone: number | null;
  }[],
) => ({
  id,
  name: `Menu ${id}`,
  nameTranslations: {},
  position: id,
  enabled: true,
  footer: null,
  refreshTime: 60,
  schedulings,
});

const monday10 = { day: 1, minutes: 10 * 60 };

describe('the next opening of a closed table or menu', () => {
  it('is the start of the next schedule that covers the table', () => {
    const dinner = menu(1, [{ days: [1, 2], startTime: '19:00', endTime: '23:00', tableZone: null }]);
    expect(nextOpening([dinner], null, null, monday10)).toEqual({ day: 1, time: '19:00' });
  });

  it('goes round the week to the next day with a schedule', () => {
    const brunch = menu(1, [{ days: [7], startTime: '10:30', endTime: '14:00', tableZone: null }]);
    expect(nextOpening([brunch], null, null, { day: 7, minutes: 15 * 60 })).toEqual({
      day: 7,
      time: '10:30',
    });
  });

  it('follows one menu when asked about it, not the others', () => {
    const lunch = menu(1, [{ days: [1], startTime: '12:00', endTime: '15:00', tableZone: null }]);
    const dinner = menu(2, [{ days: [1], startTime: '19:00', endTime: '23:00', tableZone: null }]);
    expect(nextOpening([lunch, dinner], 2, null, monday10)).toEqual({ day: 1, time: '19:00' });
  });

  it("leaves out schedules for another zone's tables", () => {
    const terrace = menu(1, [{ days: [1], startTime: '12:00', endTime: '15:00', tableZone: 5 }]);
    expect(nextOpening([terrace], null, 6, monday10)).toBeNull();
    expect(nextOpening([terrace], null, 5, monday10)).toEqual({ day: 1, time: '12:00' });
  });

  it('is none for a menu switched off', () => {
    const off = {
      ...menu(1, [{ days: [1], startTime: '12:00', endTime: '15:00', tableZone: null }]),
      enabled: false,
    };
    expect(nextOpening([off], null, null, monday10)).toBeNull();
  });
});
