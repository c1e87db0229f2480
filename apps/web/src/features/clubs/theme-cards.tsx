import type { ClubDetails } from '@carta/contract/entities';
import type { ThemeChoice, ThemeColour } from '@carta/contract/themes';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { themeFontFamily } from '../../components/theme-fonts.ts';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useChooseClubTheme } from './api/themes.ts';

const SWATCHES: ThemeColour[] = ['background', 'main', 'text', 'tabBackground', 'bestSellerLabelColor'];

/** The themes the club may use, each as a strip of its colours, and the one in use marked. */
export const ThemeCards = ({ club, themes }: { club: ClubDetails; themes: ThemeChoice[] }) => {
  const { t } = useTranslation();
  const choose = useChooseClubTheme(String(club.id));
  const runChoose = useMutationWithToast(choose);
  const currentId = club.theme?.id ?? themes[0]?.id;
  return (
    <Grid container spacing={2}>
      {themes.map((theme) => {
        const isCurrent = theme.id === currentId;
        return (
          <Grid key={theme.id} size={{ xs: 6, md: 3 }}>
            <Card
              variant="outlined"
              sx={{
                height: '100%',
                borderColor: isCurrent ? 'primary.main' : undefined,
                borderWidth: isCurrent ? 2 : 1,
              }}
              data-testid="theme-card"
            >
              <Box sx={{ display: 'flex', height: 44 }} aria-hidden>
                {SWATCHES.map((name) => (
                  <Box key={name} sx={{ flex: 1, bgcolor: theme[name] }} />
                ))}
              </Box>
              <CardContent sx={{ pb: 0 }}>
                <Typography sx={{ fontWeight: 600, fontFamily: themeFontFamily(theme.font) }}>
                  {theme.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {theme.isCustom ? t('themeEditor.custom') : t('themeEditor.standard')} · {theme.font}
                </Typography>
              </CardContent>
              <CardActions>
                {isCurrent ? (
                  <Typography
                    variant="body2"
                    color="primary"
                    sx={{ display: 'flex', alignItems: 'center', gap: 0.5, p: 1 }}
                  >
                    <CheckCircle fontSize="small" /> {t('themeEditor.inUse')}
                  </Typography>
                ) : (
                  <Button
                    size="small"
                    disabled={choose.isPending}
                    onClick={() => void runChoose(theme.id, t('themeEditor.chosen', { name: theme.name }))}
                  >
                    {t('themeEditor.use', { name: theme.name })}
                  </Button>
                )}
              </CardActions>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
};
