import { MENU_LANGUAGES, type MenuLanguage } from '@carta/contract/limits';
import { type MenuTranslations, type TranslatableText, translatableLimitOf } from '@carta/contract/menus';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useMenu } from './api/get-menu.ts';
import { useMenuTranslations } from './api/get-menu-translations.ts';
import { useSaveMenuLanguages } from './api/save-menu-languages.ts';
import { useSaveMenuTranslations } from './api/save-menu-translations.ts';
import { useTurnTranslationsOn } from './api/turn-translations-on.ts';

const keyOf = (text: Pick<TranslatableText, 'kind' | 'id' | 'field'>, language: MenuLanguage) =>
  `${text.kind}:${text.id}:${text.field}:${language}`;

/** Texts grouped as the menu reads: its own (name, footer), its promotion, then each category with its dishes. */
const groupKeyOf = (text: TranslatableText) =>
  text.kind === 'menu' || text.kind === 'banner' ? text.kind : `section:${text.sectionId}`;

/**
 * Translations the owner wrote that guests cannot read, because the club's switch is off: says so, with
 * the switch at hand. Gone once it is on.
 */
const SwitchedOffAlert = ({ clubId }: { clubId: string }) => {
  const { t } = useTranslation();
  const turnOn = useTurnTranslationsOn(clubId);
  const runTurnOn = useMutationWithToast(turnOn);
  return (
    <Alert severity="warning" sx={{ '& .MuiAlert-message': { flex: 1 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <span>{t('menuTranslations.switchedOff')}</span>
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          loading={turnOn.isPending}
          onClick={() => void runTurnOn(undefined, t('menuTranslations.turnedOn'))}
          sx={{ flexShrink: 0 }}
        >
          {t('menuTranslations.turnOn')}
        </Button>
      </Stack>
    </Alert>
  );
};

/** The languages a club translates its menus into: chips to switch on and off, saved at once. */
const LanguagePicker = ({ clubId, languages }: { clubId: string; languages: MenuLanguage[] }) => {
  const { t } = useTranslation();
  const save = useSaveMenuLanguages(clubId);
  const runSave = useMutationWithToast(save);
  const toggle = async (language: MenuLanguage) => {
    const next = languages.includes(language)
      ? languages.filter((code) => code !== language)
      : [...languages, language];
    await runSave(next, t('menuTranslations.languagesSaved'));
  };
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      role="group"
      aria-label={t('menuTranslations.languages')}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        {t('menuTranslations.languages')}
      </Typography>
      {MENU_LANGUAGES.map((language) => {
        const isOn = languages.includes(language);
        return (
          <Chip
            key={language}
            label={t(`menuLanguages.${language}`)}
            color={isOn ? 'primary' : 'default'}
            variant={isOn ? 'filled' : 'outlined'}
            aria-pressed={isOn}
            disabled={save.isPending}
            onClick={() => void toggle(language)}
          />
        );
      })}
    </Stack>
  );
};

const TranslationsEditor = ({
  clubId,
  menuId,
  overview,
  firstLanguage,
}: {
  clubId: string;
  menuId: string;
  overview: MenuTranslations;
  /** The language shown first, and whenever the chosen one is switched off. */
  firstLanguage: MenuLanguage;
}) => {
  const { t } = useTranslation();
  const save = useSaveMenuTranslations(clubId, menuId);
  const runSave = useMutationWithToast(save);
  const [language, setLanguage] = useState<MenuLanguage>(firstLanguage);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [isOnlyMissing, setIsOnlyMissing] = useState(false);
  const isDirty = Object.keys(edits).length > 0;
  const guard = useUnsavedChangesGuard(isDirty);
  const current = overview.languages.includes(language) ? language : firstLanguage;

  const shownValue = (text: TranslatableText) =>
    edits[keyOf(text, current)] ?? text.translations[current] ?? '';
  const visible = overview.texts.filter((text) => !isOnlyMissing || !text.translations[current]);
  const submit = async () => {
    const texts = Object.entries(edits).map(([key, value]) => {
      const [kind, id, field, editedLanguage] = key.split(':') as [
        TranslatableText['kind'],
        string,
        TranslatableText['field'],
        MenuLanguage,
      ];
      return { kind, id: Number(id), field, language: editedLanguage, text: value };
    });
    const failure = await runSave({ texts }, t('menuTranslations.saved', { count: texts.length }));
    if (failure === null) setEdits({});
  };

  const groups = new Map<string, TranslatableText[]>();
  for (const text of visible) groups.set(groupKeyOf(text), [...(groups.get(groupKeyOf(text)) ?? []), text]);
  const groupTitle = (key: string) => {
    if (key === 'menu') return t('menuTranslations.menuGroup');
    if (key === 'banner') return t('menuTranslations.bannerGroup');
    return overview.texts.find((text) => groupKeyOf(text) === key && text.kind === 'section')?.original ?? '';
  };

  return (
    <>
      {guard.dialog}
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {overview.progress.map((progress) => (
            <Paper
              key={progress.language}
              variant="outlined"
              sx={{ p: 2, flex: 1 }}
              data-testid={`progress-${progress.language}`}
            >
              <Typography sx={{ fontWeight: 600 }}>{t(`menuLanguages.${progress.language}`)}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('menuTranslations.progress', { translated: progress.translated, total: progress.total })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={progress.total ? (progress.translated / progress.total) * 100 : 100}
                aria-label={t('menuTranslations.progressOf', {
                  language: t(`menuLanguages.${progress.language}`),
                })}
              />
            </Paper>
          ))}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Tabs
            value={current}
            onChange={(_, value: MenuLanguage) => setLanguage(value)}
            variant="scrollable"
            sx={{ flex: 1 }}
          >
            {overview.languages.map((code) => (
              <Tab key={code} value={code} label={t(`menuLanguages.${code}`)} />
            ))}
          </Tabs>
          <FormControlLabel
            control={
              <Switch checked={isOnlyMissing} onChange={(event) => setIsOnlyMissing(event.target.checked)} />
            }
            label={t('menuTranslations.onlyMissing')}
          />
        </Stack>
        {visible.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {overview.texts.length === 0 ? t('menuTranslations.noTexts') : t('menuTranslations.allDone')}
          </Typography>
        )}
        {[...groups.entries()].map(([key, texts]) => (
          <Paper key={key} variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
              {groupTitle(key)}
            </Typography>
            <Stack spacing={2.5}>
              {texts.map((text) => {
                const value = shownValue(text);
                const isMissing = value.trim() === '';
                const limit = translatableLimitOf(text.kind, text.field);
                return (
                  <Stack
                    key={keyOf(text, current)}
                    direction={{ xs: 'column', md: 'row' }}
                    spacing={{ xs: 1, md: 2 }}
                    data-testid="translation-row"
                  >
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {t(`menuTranslations.fields.${text.kind}.${text.field}`)}
                      </Typography>
                      <Typography lang="it" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                        {text.original}
                      </Typography>
                    </Box>
                    <TextField
                      sx={{ flex: 1 }}
                      size="small"
                      multiline={Boolean(limit?.isMultiline)}
                      value={value}
                      placeholder={text.original}
                      onChange={(event) =>
                        setEdits((previous) => ({ ...previous, [keyOf(text, current)]: event.target.value }))
                      }
                      color={isMissing ? 'warning' : 'primary'}
                      focused={isMissing ? true : undefined}
                      label={isMissing ? t('menuTranslations.missing') : t(`menuLanguages.${current}`)}
                      slotProps={{
                        htmlInput: {
                          lang: current,
                          maxLength: limit?.max,
                          'aria-label': t('menuTranslations.fieldLabel', {
                            original: text.original,
                            language: t(`menuLanguages.${current}`),
                          }),
                        },
                      }}
                    />
                  </Stack>
                );
              })}
            </Stack>
          </Paper>
        ))}
        <Box
          sx={{
            position: 'sticky',
            bottom: { xs: 72, md: 16 },
            display: 'flex',
            justifyContent: 'flex-end',
            zIndex: 2,
          }}
        >
          <Button
            variant="contained"
            size="large"
            disabled={!isDirty}
            loading={save.isPending}
            onClick={() => void submit()}
          >
            {t('menuTranslations.save')}
          </Button>
        </Box>
      </Stack>
    </>
  );
};

/** /clubs/:clubId/menu/:menuId/translations: every text of a menu beside its translations, missing ones marked. */
export const TranslationsScreen = () => {
  const { t } = useTranslation();
  const { clubId = '', menuId = '' } = useParams();
  const menu = useMenu(clubId, menuId);
  const overview = useMenuTranslations(clubId, menuId);
  if (overview.isError || menu.isError)
    return <QueryError onRetry={() => void Promise.all([overview.refetch(), menu.refetch()])} />;
  if (!overview.data || !menu.data) return <CenteredSpinner isDelayed />;
  const [firstLanguage] = overview.data.languages;
  const hasTranslations = overview.data.texts.some((text) => Object.values(text.translations).some(Boolean));
  return (
    <>
      <Breadcrumbs sx={{ mb: 1 }} aria-label={t('items.breadcrumbs')}>
        <Link component={RouterLink} to={`/clubs/${clubId}/menu`} color="inherit">
          {t('screens.menuList')}
        </Link>
        <Link component={RouterLink} to={`/clubs/${clubId}/menu/${menuId}`} color="inherit">
          {menu.data.name}
        </Link>
        <Typography color="text.primary">{t('sections.translations')}</Typography>
      </Breadcrumbs>
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
            key={overview.data.languages.join()}
            clubId={clubId}
            menuId={menuId}
            overview={overview.data}
            firstLanguage={firstLanguage}
          />
        )}
      </Stack>
    </>
  );
};
