import type { MenuLanguage } from '@carta/contract/limits';
import {
  remainingCharacters,
  SUGGESTION_LANGUAGES,
  type SuggestionLanguage,
  type TranslationSuggestionsResponse,
} from '@carta/contract/translation-suggestions';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../api/get-public-config.ts';
import { useClubRole } from '../../api/use-club-role.ts';
import { can } from '../../lib/club-roles.ts';
import { formatCount } from '../../lib/format-count.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useTranslationUsage } from './api/get-translation-usage.ts';
import { useSuggestTranslations } from './api/suggest-translations.ts';

const isSuggestionLanguage = (language: MenuLanguage): language is SuggestionLanguage =>
  (SUGGESTION_LANGUAGES as readonly MenuLanguage[]).includes(language);

type SuggestTranslationsButtonProps = {
  clubId: string;
  menuId: string;
  language: MenuLanguage;
  /** Fields of the language shown still empty: with none the button has nothing to do. */
  emptyCount: number;
  /** Puts the answer into the empty fields; answers how many it filled. */
  onSuggested: (answer: TranslationSuggestionsResponse) => number;
};

/**
 * "Suggest the missing English": fills the empty fields of the language shown through the translation
 * provider, and says what is left of the month's allowance. Shown only when the server has a provider
 * and the caller may edit menus (docs/decisions/0088-suggested-translations.md).
 */
export const SuggestTranslationsButton = ({
  clubId,
  menuId,
  language,
  emptyCount,
  onSuggested,
}: SuggestTranslationsButtonProps) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const isOn = usePublicConfig().data?.translationSuggestions === true;
  const isAllowed = can(useClubRole(clubId), 'editMenus');
  const usage = useTranslationUsage(clubId, isOn && isAllowed);
  const suggest = useSuggestTranslations(clubId, menuId);
  const run = useMutationWithToast({
    mutateAsync: async (target: SuggestionLanguage) => {
      const answer = await suggest.mutateAsync({ language: target });
      return { answer, filled: onSuggested(answer) };
    },
  });
  if (!isOn || !isAllowed || !isSuggestionLanguage(language)) return null;

  const remaining = usage.data ? remainingCharacters(usage.data) : null;
  const languageName = t(`menuLanguages.${language}`);
  /** What the suggestions did; texts left out for the allowance make it a warning, said by itself. */
  const resultMessage = ({ answer, filled }: { answer: TranslationSuggestionsResponse; filled: number }) => {
    const done =
      filled > 0
        ? t('menuTranslations.suggestions.filled', { count: filled })
        : t('menuTranslations.suggestions.nothingEmpty', { language: languageName });
    if (answer.leftOut === 0) return done;
    const leftOut = t('menuTranslations.suggestions.leftOut', { count: answer.leftOut });
    enqueueSnackbar(`${done}. ${leftOut}`, { variant: 'warning' });
    return '';
  };
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 2 }}
      sx={{ alignItems: { sm: 'center' } }}
      data-testid="translation-suggestions"
    >
      <Button
        variant="outlined"
        startIcon={<AutoAwesomeOutlined />}
        loading={suggest.isPending}
        disabled={emptyCount === 0 || remaining === 0}
        onClick={() => void run(language, resultMessage)}
        sx={{ alignSelf: { xs: 'stretch', sm: 'auto' }, flexShrink: 0 }}
      >
        {t(`menuTranslations.suggestions.button.${language}`)}
      </Button>
      {usage.data && remaining !== null && (
        <Typography variant="body2" color="text.secondary" role="status">
          {remaining > 0
            ? t('menuTranslations.suggestions.remaining', {
                count: remaining,
                characters: formatCount(remaining),
              })
            : t('menuTranslations.suggestions.usedUp')}
        </Typography>
      )}
    </Stack>
  );
};
