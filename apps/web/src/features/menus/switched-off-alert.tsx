import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useTurnTranslationsOn } from './api/turn-translations-on.ts';

/**
 * Translations the owner wrote that guests cannot read, because the club's switch is off: says so, with
 * the switch at hand. Gone once it is on.
 */
export const SwitchedOffAlert = ({ clubId }: { clubId: string }) => {
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
