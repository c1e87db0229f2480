import { MENU_LANGUAGES, MENU_ORIGINAL_LANGUAGE, type MenuLanguage } from '@carta/contract/limits';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useSaveMenuLanguages } from './api/save-menu-languages.ts';
import { ToggleChip } from './toggle-chip.tsx';
import { translationTargets } from './translation-targets.ts';

/** The languages a club translates its menus into: chips to switch on and off, saved at once. */
export const LanguagePicker = ({ clubId, languages }: { clubId: string; languages: MenuLanguage[] }) => {
  const { t } = useTranslation();
  const save = useSaveMenuLanguages(clubId);
  const runSave = useMutationWithToast(save);
  const targets = translationTargets(languages);
  const toggle = async (language: MenuLanguage) => {
    // Saving also drops the menu's own language, should an older choice still hold it.
    const next = targets.includes(language)
      ? targets.filter((code) => code !== language)
      : [...targets, language];
    await runSave(next, t('menuTranslations.languagesSaved'));
  };
  return (
    <Stack spacing={0.75}>
      <Typography variant="body2" color="text.secondary">
        {t('menuTranslations.original', { language: t(`menuLanguages.${MENU_ORIGINAL_LANGUAGE}`) })}
      </Typography>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
        role="group"
        aria-label={t('menuTranslations.languages')}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
          {t('menuTranslations.languages')}
        </Typography>
        {translationTargets(MENU_LANGUAGES).map((language) => (
          <ToggleChip
            key={language}
            label={t(`menuLanguages.${language}`)}
            isOn={targets.includes(language)}
            disabled={save.isPending}
            onClick={() => void toggle(language)}
          />
        ))}
      </Stack>
    </Stack>
  );
};
