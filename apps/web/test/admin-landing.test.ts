import { describe, expect, it } from 'vitest';
import { landingPath } from '../src/features/auth/landing-path.ts';

describe('where a login lands', () => {
  it('takes an admin to the console, not to the "new venue" form', () => {
    expect(landingPath('/', true)).toBe('/admin');
  });

  it('keeps an owner where they landed before, and anyone on the page they asked for', () => {
    expect(landingPath('/', false)).toBe('/');
    expect(landingPath('/clubs/3/menus', false)).toBe('/clubs/3/menus');
    expect(landingPath('/admin?tab=audit', true)).toBe('/admin?tab=audit');
  });
});
