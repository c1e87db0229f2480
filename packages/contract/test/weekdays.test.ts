import { describe, expect, it } from 'vitest';
import { weekdayName } from '../src/weekdays.ts';

describe('weekdayName', () => {
  it('counts from Monday = 1 to Sunday = 7', () => {
    expect(weekdayName(1, { language: 'en' })).toBe('Monday');
    expect(weekdayName(7, { language: 'en' })).toBe('Sunday');
  });

  it('speaks the language it is given, long or short', () => {
    expect(weekdayName(1, { language: 'it' })).toBe('lunedì');
    expect(weekdayName(5, { language: 'de' })).toBe('Freitag');
    expect(weekdayName(3, { language: 'it', width: 'short' })).toBe('mer');
    expect(weekdayName(3, { language: 'en', width: 'short' })).toBe('Wed');
  });
});
