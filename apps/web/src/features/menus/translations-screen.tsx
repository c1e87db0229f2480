import { MENU_LANGUAGES, MENU_ORIGINAL_LANGUAGE, type MenuLanguage } from '@carta/contract/limits';
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
import { useRef, useState } from 'react';
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
import { ATTENTION_TONE } from './tones.ts';
import {
  dishNameOf,
  shownTranslation,
  translationKeyOf,
  translationTargets,
  untranslatedCount,
} from './translation-targets.ts';

/** Texts grouped as the menu reads: its own (name, footer), its promotion, then each category with its dishes. */
const groupKeyOf = (text: TranslatableText) =>
  text.kind === 'menu' || text.kind === 'banner' ? text.kind : `section:${text.sectionId}`;

/** The sticky save bar's least height (its text may take two lines on a phone). */
const SAVE_BAR_HEIGHT = 72;
/** On a wide screen the bar floats this far above the bottom. */
const SAVE_BAR_GAP = 16;
/** Phones have the app's navigation under the bar. */
const PHONE_NAVIGATION_HEIGHT = 56;
/** The room kept between the field being typed in and the bar above which it must stay. */
const FIELD_ROOM = 16;

/** "To translate", in a tone that reads on white (4.5:1 and more) without shouting. */
const ToTranslateTag = () => {
  const { t } = useTranslation();
  return (
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
        color: ATTENTION_TONE.color,
        bgcolor: ATTENTION_TONE.background,
      }}
    >
      {t('menuTranslations.toTranslate')}
    </Box>
  );
};

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
        {translationTargets(MENU_LANGUAGES).map((language) => {
          const isOn = targets.includes(language);
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
    </Stack>
  );
};

const TranslationsEditor = ({
  clubId,
  menuId,
  overview,
  languages,
}: {
  clubId: string;
  menuId: string;
  overview: MenuTranslations;
  /** The languages translated into, the menu's own left out; the first is shown first. */
  languages: [MenuLanguage, ...MenuLanguage[]];
}) => {
  const { t } = useTranslation();
  const save = useSaveMenuTranslations(clubId, menuId);
  const runSave = useMutationWithToast(save);
  const [language, setLanguage] = useState<MenuLanguage>(languages[0]);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [isOnlyMissing, setIsOnlyMissing] = useState(false);
  const isDirty = Object.keys(edits).length > 0;
  const guard = useUnsavedChangesGuard(isDirty);
  const current = languages.includes(language) ? language : languages[0];
  const languageName = (code: MenuLanguage) => t(`menuLanguages.${code}`);
  const progressOf = new Map(overview.progress.map((progress) => [progress.language, progress]));
  const bar = useRef<HTMLDivElement>(null);
  /**
   * The field being typed in is never under the sticky save bar: the browser brings a focused field into
   * view, but not clear of a bar that sits over the page, so the page scrolls up by what the bar covers.
   */
  const keepClearOfBar = (field: Element) => {
    const box = field.closest('.MuiTextField-root')?.getBoundingClientRect();
    const barTop = bar.current?.getBoundingClientRect().top;
    if (!box || barTop === undefined) return;
    const covered = box.bottom + FIELD_ROOM - barTop;
    if (covered > 0) window.scrollBy({ top: covered });
  };

  const missingNow = untranslatedCount(overview.texts, current, edits);
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
          {languages.map((code) => {
            const progress = progressOf.get(code) ?? { translated: 0, total: overview.texts.length };
            const missing = progress.total - progress.translated;
            return (
              <Paper key={code} variant="outlined" sx={{ p: 2, flex: 1 }} data-testid={`progress-${code}`}>
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
                >
                  <Typography sx={{ fontWeight: 600 }}>{languageName(code)}</Typography>
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: 600, color: missing > 0 ? ATTENTION_TONE.color : 'success.dark' }}
                  >
                    {missing > 0
                      ? t('menuTranslations.missingCount', { count: missing })
                      : t('menuTranslations.complete')}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('menuTranslations.progress', { translated: progress.translated, total: progress.total })}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={progress.total ? (progress.translated / progress.total) * 100 : 100}
                  aria-label={t('menuTranslations.progressOf', { language: languageName(code) })}
                />
              </Paper>
            );
          })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Tabs
            value={current}
            onChange={(_, value: MenuLanguage) => setLanguage(value)}
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
            <Stack spacing={3}>
              {texts.map((text) => {
                const value = shownTranslation(text, current, edits);
                const isMissing = value.trim() === '';
                const limit = translatableLimitOf(text.kind, text.field);
                const dishName = dishNameOf(overview.texts, text);
                return (
                  <Box
                    key={translationKeyOf(text, current)}
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
                      {isMissing && <ToTranslateTag />}
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
                      <Typography
                        lang={MENU_ORIGINAL_LANGUAGE}
                        sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                      >
                        {text.original}
                      </Typography>
                    </Box>
                    <TextField
                      fullWidth
                      multiline={Boolean(limit?.isMultiline)}
                      value={value}
                      onChange={(event) =>
                        setEdits((previous) => ({
                          ...previous,
                          [translationKeyOf(text, current)]: event.target.value,
                        }))
                      }
                      label={languageName(current)}
                      onFocus={(event) => keepClearOfBar(event.target)}
                      onKeyUp={(event) => keepClearOfBar(event.currentTarget)}
                      slotProps={{
                        htmlInput: {
                          lang: current,
                          maxLength: limit?.max,
                          'aria-label': t('menuTranslations.fieldLabel', {
                            original: text.original,
                            language: languageName(current),
                          }),
                        },
                      }}
                    />
                  </Box>
                );
              })}
            </Stack>
          </Paper>
        ))}
        <Paper
          ref={bar}
          variant="outlined"
          data-testid="translations-save-bar"
          sx={{
            position: 'sticky',
            bottom: {
              xs: `calc(${PHONE_NAVIGATION_HEIGHT}px + env(safe-area-inset-bottom))`,
              md: SAVE_BAR_GAP,
            },
            minHeight: SAVE_BAR_HEIGHT,
            px: 2,
            py: 1.5,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            zIndex: 2,
            boxShadow: '0 -4px 16px rgba(36, 26, 30, 0.08)',
          }}
        >
          <Typography variant="body2" role="status" data-testid="translations-missing" sx={{ minWidth: 0 }}>
            {missingNow > 0
              ? t('menuTranslations.missingIn', { count: missingNow, language: languageName(current) })
              : t('menuTranslations.completeIn', { language: languageName(current) })}
          </Typography>
          <Button
            variant="contained"
            disabled={!isDirty}
            loading={save.isPending}
            onClick={() => void submit()}
            sx={{ flexShrink: 0 }}
          >
            {t('menuTranslations.save')}
          </Button>
        </Paper>
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
  const languages = translationTargets(overview.data.languages);
  const [firstLanguage, ...otherLanguages] = languages;
  const hasTranslations = overview.data.texts.some((text) =>
    languages.some((language) => Boolean(text.translations[language])),
  );
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
