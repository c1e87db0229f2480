import { describe, expect, it } from 'vitest';
import { draftOf, issuesByRule, requestOf } from '../src/features/tables/rule-draft.ts';

describe('a scheduling rule being edited', () => {
  it('starts as weekdays at lunch for every zone', () => {
    expect(draftOf()).toMatchObject({
      days: [1, 2, 3, 4, 5],
      isAllDay: false,
      startTime: '12:00',
      endTime: '15:00',
      tableZone: null,
    });
  });

  it('is saved without times when all day, and keeps its id once saved', () => {
    const saved = draftOf({ id: 4, days: [6, 7], startTime: null, endTime: null, tableZone: 2 });
    expect(saved.isAllDay).toBe(true);
    const fresh = { ...draftOf(), isAllDay: true };
    expect(requestOf([saved, fresh])).toEqual({
      schedulings: [
        { id: 4, days: [6, 7], startTime: null, endTime: null, tableZone: 2 },
        { days: [1, 2, 3, 4, 5], startTime: null, endTime: null, tableZone: null },
      ],
    });
  });

  it('shows each issue of the check on its own rule and field', () => {
    const rules = [{ key: 'first' }, { key: 'second' }];
    const issues = issuesByRule(
      [
        { path: ['schedulings', 1, 'days'], message: 'validation.required' },
        { path: ['schedulings', 1, 'endTime'], message: 'validation.time' },
        { path: ['schedulings', 5, 'days'], message: 'validation.required' },
      ],
      rules,
      (message) => `«${message}»`,
    );
    expect(issues).toEqual({
      second: { days: '«validation.required»', endTime: '«validation.time»' },
    });
  });
});
