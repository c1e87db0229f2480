import type { ClubDetails } from '@carta/contract/entities';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useThemes } from '../../api/get-themes.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useThemeFonts } from '../../components/theme-fonts.ts';
import { ClubQueryGate } from './club-query-gate.tsx';
import { CustomThemeEditor } from './custom-theme-editor.tsx';
import { ThemeCards } from './theme-cards.tsx';

/** /clubs/:clubId/profile/theme: the venue's theme, and on Smart its own, with a live preview. */
export const ThemeEditorScreen = () => {
  const { t } = useTranslation();
  // The cards and the preview show each theme in its own font.
  useThemeFonts();
  return (
    <>
      <ScreenHeader title={t('themeEditor.title')} subtitle={t('themeEditor.subtitle')} />
      <ClubQueryGate>{(club, clubId) => <ThemeEditorBody club={club} clubId={clubId} />}</ClubQueryGate>
    </>
  );
};

const ThemeEditorBody = ({ club, clubId }: { club: ClubDetails; clubId: string }) => {
  const { t } = useTranslation();
  const themes = useThemes(clubId);
  if (!themes.data) return null;
  return (
    <Stack spacing={4}>
      <Box component="section">
        <Typography variant="h2" sx={{ mb: 2 }}>
          {t('themeEditor.choose')}
        </Typography>
        <ThemeCards club={club} themes={themes.data} />
      </Box>
      <Box component="section">
        <Typography variant="h2" sx={{ mb: 0.5 }}>
          {t('themeEditor.customTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('themeEditor.customText')}
        </Typography>
        <CustomThemeEditor
          key={themes.data.find((theme) => theme.isCustom)?.id ?? 'new'}
          club={club}
          themes={themes.data}
        />
      </Box>
    </Stack>
  );
};
