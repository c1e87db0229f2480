import { MENU_ORIGINAL_LANGUAGE, type MenuLanguage } from '@carta/contract/limits';
import { type TranslatableText, translatableLimitOf } from '@carta/contract/menus';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ATTENTION_TONE, SUGGESTED_TONE } from './tones.ts';

/** A row's state beside its label, in a tone that reads on white (4.5:1 and more) without shouting. */
const RowTag = ({ label, tone }: { label: string; tone: { color: string; background: string } }) => (
  <Box
    component="span"
    sx={{
      px: 0.75,
      py: 0.125,
      borderRadius: 1,
      fontSize: '0.75rem',
      fontWeight: 600,
      lineHeight: 1.5,
      whiteSpace: 'nowrap',
      color: tone.color,
      bgcolor: tone.background,
    }}
  >
    {label}
  </Box>
);

type TranslationRowProps = {
  text: TranslatableText;
  /** The dish the text belongs to, for a dish's texts other than its name. */
  dishName: string | null;
  language: MenuLanguage;
  /** The translation shown: the unsaved edit, else the saved one. */
  value: string;
  /** Filled by a suggestion the owner has not changed nor saved yet (0088). */
  isSuggested?: boolean;
  onChange: (value: string) => void;
  /** Called as the owner types or focuses the field, so it stays clear of the save bar. */
  onTyping: (field: Element) => void;
};

/** One text to translate: what it is, the original beside it, and the field for the translation. */
export const TranslationRow = ({
  text,
  dishName,
  language,
  value,
  isSuggested = false,
  onChange,
  onTyping,
}: TranslationRowProps) => {
  const { t } = useTranslation();
  const languageName = (code: MenuLanguage) => t(`menuLanguages.${code}`);
  const isMissing = value.trim() === '';
  const limit = translatableLimitOf(text.kind, text.field);
  return (
    <Box
      data-testid="translation-row"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        columnGap: 2,
        rowGap: 1,
        alignItems: 'start',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ gridColumn: '1 / -1', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {t(`menuTranslations.fields.${text.kind}.${text.field}`)}
          {dishName && ` · ${dishName}`}
        </Typography>
        {isMissing && <RowTag label={t('menuTranslations.toTranslate')} tone={ATTENTION_TONE} />}
        {isSuggested && !isMissing && (
          <RowTag label={t('menuTranslations.suggestions.tag')} tone={SUGGESTED_TONE} />
        )}
      </Stack>
      <Box
        data-testid="translation-original"
        sx={{
          px: 1.5,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.default',
          borderLeft: 3,
          borderColor: 'divider',
          minWidth: 0,
        }}
      >
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t('menuTranslations.originalLabel', {
            language: languageName(MENU_ORIGINAL_LANGUAGE),
          })}
        </Typography>
        <Typography lang={MENU_ORIGINAL_LANGUAGE} sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {text.original}
        </Typography>
      </Box>
      <TextField
        fullWidth
        multiline={Boolean(limit?.isMultiline)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        label={languageName(language)}
        onFocus={(event) => onTyping(event.target)}
        onKeyUp={(event) => onTyping(event.currentTarget)}
        sx={
          isSuggested
            ? {
                '& .MuiOutlinedInput-notchedOutline': {
                  borderColor: SUGGESTED_TONE.border,
                  borderStyle: 'dashed',
                },
                '& .MuiOutlinedInput-root': { bgcolor: SUGGESTED_TONE.background },
              }
            : undefined
        }
        slotProps={{
          htmlInput: {
            lang: language,
            maxLength: limit?.max,
            'aria-label': t('menuTranslations.fieldLabel', {
              original: text.original,
              language: languageName(language),
            }),
          },
        }}
      />
    </Box>
  );
};
