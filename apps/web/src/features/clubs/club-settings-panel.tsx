import { CLUB_SETTINGS, type ClubSetting } from '@carta/contract/clubs';
import type { ClubDetails } from '@carta/contract/entities';
import { planAllowsSetting, SETTING_FEATURES } from '@carta/contract/plan-features';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useUpdateClubSettings } from './api/update-club-settings.ts';
import { SeePlansLink } from './see-plans-link.tsx';

const SettingRow = ({
  club,
  name,
  isSaving,
  isLast,
  onChange,
}: {
  club: ClubDetails;
  name: ClubSetting;
  isSaving: boolean;
  isLast: boolean;
  onChange: (value: boolean) => void;
}) => {
  const { t } = useTranslation();
  const labelId = useId();
  const descriptionId = useId();
  const isOn = club[name];
  const needsSmart = SETTING_FEATURES[name] !== undefined;
  const isAllowed = planAllowsSetting(club.plan, name);
  const isLocked = !isAllowed && !isOn;
  return (
    <ListItem
      divider={!isLast}
      sx={{ py: 2, gap: 2, alignItems: 'flex-start' }}
      data-testid={`setting-${name}`}
    >
      <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={labelId} sx={{ fontWeight: 600 }}>
            {t(`settings.${name}.label`)}
          </Typography>
          {needsSmart && (
            <Chip size="small" label={t('settings.smartOnly')} color={isAllowed ? 'primary' : 'default'} />
          )}
        </Stack>
        <Typography id={descriptionId} variant="body2" color="text.secondary">
          {t(`settings.${name}.text`)}
          {isLocked && <SeePlansLink clubId={club.id} />}
        </Typography>
      </Stack>
      <Switch
        checked={isOn}
        disabled={isSaving || isLocked}
        onChange={(event) => onChange(event.target.checked)}
        slotProps={{ input: { 'aria-labelledby': labelId, 'aria-describedby': descriptionId } }}
      />
    </ListItem>
  );
};

/** The club's switches, each saved as soon as it is flipped; switching the venue off asks first. */
export const ClubSettingsPanel = ({ club }: { club: ClubDetails }) => {
  const { t } = useTranslation();
  const updateSettings = useUpdateClubSettings(String(club.id));
  const runUpdate = useMutationWithToast(updateSettings);
  const [pending, setPending] = useState<ClubSetting | null>(null);
  const [isConfirmingOff, setIsConfirmingOff] = useState(false);

  const save = async (name: ClubSetting, value: boolean) => {
    setPending(name);
    await runUpdate(
      { [name]: value },
      t(value ? 'settings.switchedOn' : 'settings.switchedOff', { name: t(`settings.${name}.label`) }),
    );
    setPending(null);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="club-settings-title">
      <Typography
        id="club-settings-title"
        variant="h3"
        component="h2"
        sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 3 } }}
      >
        {t('settings.clubTitle')}
      </Typography>
      <List sx={{ px: { xs: 0.5, sm: 1.5 } }}>
        {CLUB_SETTINGS.map((name, index) => (
          <SettingRow
            key={name}
            isLast={index === CLUB_SETTINGS.length - 1}
            club={club}
            name={name}
            isSaving={pending !== null}
            onChange={(value) => {
              if (name === 'enabled' && !value) setIsConfirmingOff(true);
              else void save(name, value);
            }}
          />
        ))}
      </List>
      <Dialog open={isConfirmingOff} onClose={() => setIsConfirmingOff(false)}>
        <DialogTitle>{t('settings.offConfirm.title', { name: club.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('settings.offConfirm.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsConfirmingOff(false)} autoFocus>
            {t('common.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setIsConfirmingOff(false);
              void save('enabled', false);
            }}
          >
            {t('settings.offConfirm.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
};
