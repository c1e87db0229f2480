import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { characterCount } from './character-count.ts';
import { visuallyHidden } from './visually-hidden.ts';

/**
 * The one character counter of the owner app, drawn inside a field's helper text: "12/80" on the right,
 * in the error colour once the field is full. Screen readers read the count with the field's description
 * and are told politely only in the last characters before the limit.
 */
export const CharacterCounter = ({ length, max }: { length: number; max: number }) => {
  const { t } = useTranslation();
  const count = characterCount(length, max);
  return (
    <Box
      component="span"
      data-testid="character-counter"
      sx={{
        flexShrink: 0,
        ml: 'auto',
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
        color: count.isAtLimit ? 'error.main' : 'text.secondary',
      }}
    >
      <span aria-hidden>{count.text}</span>
      <Box component="span" sx={visuallyHidden}>
        {t('common.characters', { count: length, max })}
      </Box>
      <Box component="span" role="status" sx={visuallyHidden}>
        {count.isNearLimit
          ? count.isAtLimit
            ? t('common.charactersFull', { max })
            : t('common.charactersLeft', { count: count.remaining })
          : ''}
      </Box>
    </Box>
  );
};
