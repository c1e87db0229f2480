import type { MenuLanguage } from '@carta/contract/limits';
import type { MenuTranslations } from '@carta/contract/menus';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ATTENTION_TONE } from './tones.ts';
import { languageProgress } from './translation-overview.ts';

type TranslationProgressProps = { overview: MenuTranslations; languages: readonly MenuLanguage[] };

/** A card per language: how many texts are translated as saved, and how many are still missing. */
export const TranslationProgress = ({ overview, languages }: TranslationProgressProps) => {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      {languages.map((code) => {
        const progress = languageProgress(overview, code);
        const languageName = t(`menuLanguages.${code}`);
        return (
          <Paper key={code} variant="outlined" sx={{ p: 2, flex: 1 }} data-testid={`progress-${code}`}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
            >
              <Typography sx={{ fontWeight: 600 }}>{languageName}</Typography>
              <Typography
                variant="body2"
                sx={{ fontWeight: 600, color: progress.missing > 0 ? ATTENTION_TONE.color : 'success.dark' }}
              >
                {progress.missing > 0
                  ? t('menuTranslations.missingCount', { count: progress.missing })
                  : t('menuTranslations.complete')}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('menuTranslations.progress', { translated: progress.translated, total: progress.total })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={progress.percent}
              aria-label={t('menuTranslations.progressOf', { language: languageName })}
            />
          </Paper>
        );
      })}
    </Stack>
  );
};
