import { describe, expect, it } from 'vitest';
import { landingClub } from '../src/app/landing-club.ts';

describe('the club an owner lands on', () => {
  it('is the one they made first, whatever its name', () => {
    const clubs = [
      { id: 7, name: 'Bar Centrale' },
      { id: 3, name: 'Osteria Demo' },
      { id: 9, name: 'Enoteca' },
    ];
    expect(landingClub(clubs)?.name).toBe('Osteria Demo');
  });

  it('is none without clubs', () => {
    expect(landingClub([])).toBeUndefined();
  });
});
