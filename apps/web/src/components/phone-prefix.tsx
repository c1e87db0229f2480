import { DEFAULT_PHONE_PREFIX } from '@carta/contract/limits';
import InputAdornment from '@mui/material/InputAdornment';

/**
 * The `input` slot of a phone field: "+39" in front while what is typed carries no country code of its
 * own (no leading `+` or `00`), since such a number is read as Italian (contract phone-numbers.ts).
 * `3337654321` and `+39 333 765 4321` are one number; a foreign one is typed with its own `+`.
 */
export const phonePrefixSlot = (value: unknown) =>
  typeof value === 'string' && /^\s*(\+|00)/.test(value)
    ? {}
    : {
        startAdornment: (
          <InputAdornment position="start" data-testid="phone-prefix">
            {DEFAULT_PHONE_PREFIX}
          </InputAdornment>
        ),
      };
