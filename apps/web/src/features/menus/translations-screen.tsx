import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useMenu } from './api/get-menu.ts';
import { useMenuTranslations } from './api/get-menu-translations.ts';
import { LanguagePicker } from './language-picker.tsx';
import { MenuBreadcrumbs } from './menu-breadcrumbs.tsx';
import { SwitchedOffAlert } from './switched-off-alert.tsx';
import { hasSavedTranslations } from './translation-overview.ts';
import { translationTargets } from './translation-targets.ts';
import { TranslationsEditor } from './translations-editor.tsx';

/** /clubs/:clubId/menu/:menuId/translations: every text of a menu beside its translations, missing ones marked. */
export const TranslationsScreen = () => {
  const { t } = useTranslation();
  const { clubId = '', menuId = '' } = useParams();
  const menu = useMenu(clubId, menuId);
  const overview = useMenuTranslations(clubId, menuId);
  if (overview.isError || menu.isError)
    return <QueryError onRetry={() => void Promise.all([overview.refetch(), menu.refetch()])} />;
  if (!overview.data || !menu.data) return <CenteredSpinner isDelayed />;
  const languages = translationTargets(overview.data.languages);
  const [firstLanguage, ...otherLanguages] = languages;
  const hasTranslations = hasSavedTranslations(overview.data.texts, languages);
  return (
    <>
      <MenuBreadcrumbs
        clubId={clubId}
        menu={{ id: menuId, name: menu.data.name }}
        current={t('sections.translations')}
      />
      <ScreenHeader
        title={t('menuTranslations.title', { name: menu.data.name })}
        subtitle={t('menuTranslations.subtitle')}
      />
      <Stack spacing={2}>
        {hasTranslations && !overview.data.translationsEnabled && <SwitchedOffAlert clubId={clubId} />}
        <LanguagePicker clubId={clubId} languages={overview.data.languages} />
        {firstLanguage === undefined ? (
          <Alert severity="info">{t('menuTranslations.noLanguages')}</Alert>
        ) : (
          <TranslationsEditor
            key={languages.join()}
            clubId={clubId}
            menuId={menuId}
            overview={overview.data}
            languages={[firstLanguage, ...otherLanguages]}
          />
        )}
      </Stack>
    </>
  );
};
