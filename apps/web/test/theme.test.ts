import { describe, expect, it } from 'vitest';
import { theme } from '../src/app/theme.ts';

describe('the owner app theme', () => {
  // vite.config.ts builds MUI without its CSS-variables machinery (muiWithoutCssVariables), which is only
  // right for a theme that asks for neither CSS variables nor colour schemes.
  it('uses neither CSS variables nor colour schemes', () => {
    expect(theme).not.toHaveProperty('colorSchemes');
    expect((theme as { vars?: unknown }).vars).toBeUndefined();
    expect(theme.palette.primary.main).toBe('#7a1f3d');
  });
});
