import type { MenuLanguage } from '@carta/contract/limits';
import type { MenuTranslations } from '@carta/contract/menus';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SuggestTranslationsButton } from './suggest-translations-button.tsx';
import type { TextGroup } from './translation-overview.ts';
import { TranslationProgress } from './translation-progress.tsx';
import { TranslationRow } from './translation-row.tsx';
import { dishNameOf, translationKeyOf } from './translation-targets.ts';
import { TranslationsSaveBar, useKeepClearOfBar } from './translations-save-bar.tsx';
import { useTranslationsEditor } from './use-translations-editor.ts';

type TranslationsEditorProps = {
  clubId: string;
  menuId: string;
  overview: MenuTranslations;
  /** The languages translated into, the menu's own left out; the first is shown first. */
  languages: [MenuLanguage, ...MenuLanguage[]];
};

/** Every text of a menu beside its translation in the language picked, saved together from the bar. */
export const TranslationsEditor = ({ clubId, menuId, overview, languages }: TranslationsEditorProps) => {
  const { t } = useTranslation();
  const editor = useTranslationsEditor(clubId, menuId, overview, languages);
  const { bar, keepClearOfBar } = useKeepClearOfBar();
  const { current } = editor;
  const languageName = (code: MenuLanguage) => t(`menuLanguages.${code}`);
  const groupTitle = (group: TextGroup) =>
    group.kind === 'menu'
      ? t('menuTranslations.menuGroup')
      : group.kind === 'banner'
        ? t('menuTranslations.bannerGroup')
        : group.sectionName;

  return (
    <>
      {editor.guard.dialog}
      <Stack spacing={2}>
        <TranslationProgress overview={overview} languages={languages} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Tabs
            value={current}
            onChange={(_, value: MenuLanguage) => editor.setLanguage(value)}
            variant="scrollable"
            sx={{ flex: 1 }}
            aria-label={t('menuTranslations.languageTabs')}
          >
            {languages.map((code) => (
              <Tab key={code} value={code} label={languageName(code)} />
            ))}
          </Tabs>
          <FormControlLabel
            control={
              <Switch
                checked={editor.isOnlyMissing}
                onChange={(event) => editor.setIsOnlyMissing(event.target.checked)}
              />
            }
            label={t('menuTranslations.onlyMissing')}
          />
        </Stack>
        <SuggestTranslationsButton
          clubId={clubId}
          menuId={menuId}
          language={current}
          emptyCount={editor.missingNow}
          onSuggested={editor.applySuggestions}
        />
        {editor.visibleCount === 0 && (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {overview.texts.length === 0 ? t('menuTranslations.noTexts') : t('menuTranslations.allDone')}
          </Typography>
        )}
        {editor.groups.map((group) => (
          <Paper key={group.key} variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
              {groupTitle(group)}
            </Typography>
            <Stack spacing={3}>
              {group.texts.map((text) => (
                <TranslationRow
                  key={translationKeyOf(text, current)}
                  text={text}
                  dishName={dishNameOf(overview.texts, text)}
                  language={current}
                  value={editor.valueOf(text)}
                  isSuggested={editor.isSuggested(text)}
                  onChange={(value) => editor.edit(text, value)}
                  onTyping={keepClearOfBar}
                />
              ))}
            </Stack>
          </Paper>
        ))}
        <TranslationsSaveBar
          bar={bar}
          status={[
            editor.missingNow > 0
              ? t('menuTranslations.missingIn', { count: editor.missingNow, language: languageName(current) })
              : t('menuTranslations.completeIn', { language: languageName(current) }),
            ...(editor.suggestedNow > 0
              ? [t('menuTranslations.suggestions.toReview', { count: editor.suggestedNow })]
              : []),
          ].join(' · ')}
          saveLabel={t('menuTranslations.save')}
          isDirty={editor.isDirty}
          isSaving={editor.isSaving}
          onSave={() => void editor.submit()}
        />
      </Stack>
    </>
  );
};
