import Box from '@mui/material/Box';
import { type FieldValues, type Path, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A field's help text with a live "12/100" counter that turns red at the limit. */
export const CharacterCount = <Values extends FieldValues>({
  name,
  max,
  help,
}: {
  name: Path<Values>;
  max: number;
  help?: string;
}) => {
  const { t } = useTranslation();
  const { control } = useFormContext<Values>();
  const value = useWatch({ control, name });
  const length = typeof value === 'string' ? value.length : 0;
  return (
    <Box component="span" sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
      <span>{help}</span>
      <Box
        component="span"
        aria-label={t('common.characters', { count: length, max })}
        sx={{
          color: length >= max ? 'error.main' : 'inherit',
          whiteSpace: 'nowrap',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {length}/{max}
      </Box>
    </Box>
  );
};
