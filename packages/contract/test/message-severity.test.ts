import { describe, expect, it } from 'vitest';
import { severityName } from '../src/message-severity.ts';

describe('severityName', () => {
  it('names each severity, the nearest one out of range', () => {
    expect([0, 1, 2, 3].map(severityName)).toEqual(['success', 'info', 'warning', 'error']);
    expect(severityName(-4)).toBe('success');
    expect(severityName(9)).toBe('error');
    expect(severityName(2.7)).toBe('warning');
    expect(severityName(Number.NaN)).toBe('info');
  });
});
