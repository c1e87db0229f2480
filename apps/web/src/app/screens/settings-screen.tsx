import type { OwnedClubSummary } from '@carta/contract/clubs';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ownedClubsQueryOptions, useOwnedClubs } from '../../api/get-owned-clubs.ts';
import { useClubRole } from '../../api/use-club-role.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { AccountSettingsPanel } from '../../features/auth/account-settings-panel.tsx';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { BrandPromotionPanel } from '../../features/clubs/brand-promotion-panel.tsx';
import { ClubQueryGate } from '../../features/clubs/club-query-gate.tsx';
import { ClubSettingsPanel } from '../../features/clubs/club-settings-panel.tsx';
import { LeaveClubPanel } from '../../features/members/leave-club-panel.tsx';
import { can, homeSectionOf } from '../../lib/club-roles.ts';
import { landingClub } from '../landing-club.ts';

/** After leaving a club: on to the landing club of those left, or the invitations when none is. */
const useMoveOnFrom = (clubId: number) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { queryKey } = ownedClubsQueryOptions();
  return async () => {
    const left = (queryClient.getQueryData<OwnedClubSummary[]>(queryKey) ?? []).filter(
      (club) => club.id !== clubId,
    );
    const next = landingClub(left);
    await navigate(next ? `/clubs/${next.id}/${homeSectionOf(next.role)}` : '/invitations', {
      replace: true,
    });
    queryClient.setQueryData(queryKey, left);
    void queryClient.invalidateQueries({ queryKey, exact: true });
  };
};

const LeavePanel = ({ club }: { club: { id: number; name: string } }) => {
  const user = useCurrentUser();
  const moveOn = useMoveOnFrom(club.id);
  if (!user.data) return null;
  return (
    <LeaveClubPanel
      clubId={String(club.id)}
      clubName={club.name}
      accountId={user.data.id}
      onLeft={() => void moveOn()}
    />
  );
};

/**
 * /clubs/:clubId/profile/settings: the club's switches and the brand promotion (managers and the owner),
 * then the account's own settings, and last, for a club's people, the way to leave it.
 */
export const SettingsScreen = () => {
  const { t } = useTranslation();
  const { clubId = '' } = useParams();
  const role = useClubRole(clubId);
  const club = useOwnedClubs().data?.find(({ id }) => String(id) === clubId);
  const canEditClub = can(role, 'editClub');
  return (
    <>
      <ScreenHeader
        title={t('screens.settings')}
        subtitle={canEditClub ? t('settings.subtitle') : undefined}
      />
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        {canEditClub && (
          <ClubQueryGate>
            {(details) => (
              <>
                <ClubSettingsPanel club={details} />
                <BrandPromotionPanel club={details} />
              </>
            )}
          </ClubQueryGate>
        )}
        <AccountSettingsPanel />
        {club && role !== 'owner' && <LeavePanel club={club} />}
      </Stack>
    </>
  );
};
