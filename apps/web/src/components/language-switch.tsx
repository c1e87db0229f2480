import { LANGUAGES, type Language } from '@carta/contract/limits';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage } from '../lib/i18n.ts';

/**
 * IT | EN. Each button is named by its code, as it shows, then by its language in that language ("IT
 * Italiano", "EN English"), the way language pickers usually are, so a reader of the other language
 * still finds theirs; the name starts with the visible code for speech input (WCAG 2.5.3).
 */
export const LanguageSwitch = () => {
  const { t, i18n } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      color="primary"
      exclusive
      value={i18n.language}
      aria-label={t('language.label')}
      onChange={(_event, value: unknown) => {
        if (isLanguage(value)) void changeLanguage(value);
      }}
    >
      {LANGUAGES.map((language: Language) => (
        <ToggleButton
          key={language}
          value={language}
          aria-label={`${language.toUpperCase()} ${t(`language.${language}`)}`}
          lang={language}
        >
          {language.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
};
