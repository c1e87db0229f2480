import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { AccountSettingsPanel } from '../../features/auth/account-settings-panel.tsx';
import { BrandPromotionPanel } from '../../features/clubs/brand-promotion-panel.tsx';
import { ClubQueryGate } from '../../features/clubs/club-query-gate.tsx';
import { ClubSettingsPanel } from '../../features/clubs/club-settings-panel.tsx';

/** /clubs/:clubId/profile/settings: the club's switches, the brand promotion, then the owner's own account. */
export const SettingsScreen = () => {
  const { t } = useTranslation();
  return (
    <>
      <ScreenHeader title={t('screens.settings')} subtitle={t('settings.subtitle')} />
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        <ClubQueryGate>
          {(club) => (
            <>
              <ClubSettingsPanel club={club} />
              <BrandPromotionPanel club={club} />
            </>
          )}
        </ClubQueryGate>
        <AccountSettingsPanel />
      </Stack>
    </>
  );
};
