import './members-i18n.ts';
import type { Invitation } from '@carta/contract/members';
import { CLUB_ROLES } from '@carta/contract/members';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useClub } from '../../api/get-club.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { dateFormat } from '../../lib/date-formats.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { contactOf, ownershipCandidates, sortedMembers } from './member-list.ts';
import { MemberRow } from './member-row.tsx';
import { OwnershipDialog } from './ownership-dialog.tsx';
import { useMembersScreen } from './use-members-screen.ts';

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ overflow: 'hidden' }}>
    <Typography id={id} variant="h2" sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 2.5 }, pb: 0.5 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

const InvitationRow = ({
  invitation,
  isLast,
  onWithdraw,
}: {
  invitation: Invitation;
  isLast: boolean;
  onWithdraw: () => void;
}) => {
  const { t } = useTranslation();
  const contact = contactOf(invitation);
  const expires = dateFormat({ dateStyle: 'medium' }).format(new Date(invitation.expiresAt));
  return (
    <ListItem
      divider={!isLast}
      sx={{ px: { xs: 2, sm: 3 }, gap: 1.5, flexWrap: 'wrap' }}
      data-testid="invitation-row"
    >
      <Stack sx={{ flex: 1, minWidth: 180 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{contact}</Typography>
        <Typography variant="body2" color="text.secondary">
          {`${t(`members.roles.${invitation.role}`)} · ${t('members.expires', { date: expires })}`}
        </Typography>
      </Stack>
      <Button
        variant="outlined"
        color="error"
        onClick={onWithdraw}
        aria-label={t('members.withdrawNamed', { contact })}
      >
        {t('members.withdraw')}
      </Button>
    </ListItem>
  );
};

/** /clubs/:clubId/people: the club's people and invitations, for its owner (docs/product.md, Staff and roles). */
export const MembersScreen = () => {
  const { t } = useTranslation();
  const { clubId = '' } = useParams();
  const club = useClub(clubId);
  const screen = useMembersScreen(clubId);
  const [dialog, setDialog] = useState<'invite' | 'ownership' | null>(null);
  const clubName = club.data?.name ?? '';
  const inviteButton = (
    <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setDialog('invite')}>
      {t('members.invite')}
    </Button>
  );

  const { data, isError, refetch } = screen.members;
  const header = (
    <ScreenHeader
      title={t('members.title')}
      subtitle={t('members.subtitle', { club: clubName })}
      action={inviteButton}
    />
  );
  if (isError)
    return (
      <>
        {header}
        <QueryError onRetry={() => void refetch()} />
      </>
    );
  if (!data) return <CenteredSpinner isDelayed />;
  const members = sortedMembers(data.members);
  const candidates = ownershipCandidates(members);
  const isAlone = members.length <= 1 && data.invitations.length === 0;

  return (
    <>
      {header}
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <Section id="members-title" title={t('members.membersTitle')}>
          <List disablePadding sx={{ px: { xs: 0.5, sm: 1.5 } }}>
            {members.map((member, index) => (
              <MemberRow
                key={member.accountId}
                member={member}
                isMe={member.role === 'owner'}
                isLast={index === members.length - 1 && !isAlone}
                onRoleChange={(role) => screen.changeRole(member, role)}
                onRemove={() => screen.askToRemove(member)}
              />
            ))}
          </List>
          {isAlone && (
            <Stack
              spacing={1.5}
              sx={{ p: { xs: 2, sm: 3 }, alignItems: 'flex-start', bgcolor: 'rgba(122, 31, 61, 0.04)' }}
            >
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <GroupAddOutlined color="primary" aria-hidden />
                <Typography variant="h3" component="p">
                  {t('members.emptyTitle')}
                </Typography>
              </Stack>
              <Typography color="text.secondary">{t('members.emptyText')}</Typography>
              {inviteButton}
            </Stack>
          )}
        </Section>
        {data.invitations.length > 0 && (
          <Section id="invitations-title" title={t('members.invitationsTitle')}>
            <List disablePadding>
              {data.invitations.map((invitation, index) => (
                <InvitationRow
                  key={invitation.id}
                  invitation={invitation}
                  isLast={index === data.invitations.length - 1}
                  onWithdraw={() => screen.askToWithdraw(invitation)}
                />
              ))}
            </List>
          </Section>
        )}
        <Section id="roles-title" title={t('members.rolesTitle')}>
          <Box component="dl" sx={{ px: { xs: 2, sm: 3 }, pb: 2, m: 0 }}>
            {CLUB_ROLES.map((role) => (
              <Box key={role} sx={{ py: 1 }}>
                <Typography component="dt" sx={{ fontWeight: 600 }}>
                  {t(`members.roles.${role}`)}
                </Typography>
                <Typography component="dd" color="text.secondary" sx={{ m: 0 }}>
                  {t(`members.roleTexts.${role}`)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Section>
        <Section id="ownership-title" title={t('members.ownership.title')}>
          <Stack spacing={1.5} sx={{ px: { xs: 2, sm: 3 }, pb: { xs: 2, sm: 3 }, alignItems: 'flex-start' }}>
            <Typography color="text.secondary">
              {candidates.length > 0 ? t('members.ownership.text') : t('members.ownership.noCandidates')}
            </Typography>
            <Button
              variant="outlined"
              color="error"
              disabled={candidates.length === 0}
              onClick={() => setDialog('ownership')}
            >
              {t('members.ownership.open')}
            </Button>
          </Stack>
        </Section>
      </Stack>
      <InviteDialog
        clubId={clubId}
        clubName={clubName}
        isOpen={dialog === 'invite'}
        onClose={() => setDialog(null)}
      />
      {candidates.length > 0 && (
        <OwnershipDialog
          clubId={clubId}
          clubName={clubName}
          candidates={candidates}
          isOpen={dialog === 'ownership'}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        confirmation={screen.confirmationOf(clubName)}
        isWorking={screen.isConfirming}
        onConfirm={() => void screen.confirm()}
        onClose={screen.cancelConfirmation}
      />
    </>
  );
};
