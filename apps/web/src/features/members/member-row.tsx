import type { Member, MemberRole } from '@carta/contract/members';
import { MEMBER_ROLES } from '@carta/contract/members';
import { formatPhone } from '@carta/contract/phone-numbers';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../lib/date-formats.ts';
import { fullName, initialsOf, isChangeable } from './member-list.ts';

type MemberRowProps = {
  member: Member;
  isMe: boolean;
  isLast: boolean;
  onRoleChange: (role: MemberRole) => void;
  onRemove: () => void;
};

/** One person of the club: who, how to reach them, since when; the owner's role stays, the others' can change. */
export const MemberRow = ({ member, isMe, isLast, onRoleChange, onRemove }: MemberRowProps) => {
  const { t } = useTranslation();
  const name = fullName(member);
  const details = [
    member.email,
    member.phone ? formatPhone(member.phone) : '',
    t('members.since', { date: dateFormat({ dateStyle: 'medium' }).format(new Date(member.since)) }),
  ].filter(Boolean);
  return (
    <ListItem divider={!isLast} sx={{ py: 1.5, display: 'block' }} data-testid="member-row">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
          <Avatar sx={{ bgcolor: 'primary.main', fontWeight: 700, fontSize: '0.95rem' }} aria-hidden>
            {initialsOf(member)}
          </Avatar>
          <Stack sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {name}
              {isMe && (
                <Typography component="span" color="text.secondary">
                  {` (${t('members.you')})`}
                </Typography>
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {details.join(' · ')}
            </Typography>
          </Stack>
        </Stack>
        {isChangeable(member) ? (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', pl: { xs: 6.5, sm: 0 } }}>
            <TextField
              select
              size="small"
              label={t('members.inviteDialog.role')}
              value={member.role}
              onChange={(event) => onRoleChange(event.target.value as MemberRole)}
              sx={{ minWidth: 140 }}
              slotProps={{ select: { SelectDisplayProps: { 'aria-label': t('members.roleOf', { name }) } } }}
            >
              {MEMBER_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {t(`members.roles.${role}`)}
                </MenuItem>
              ))}
            </TextField>
            <Tooltip title={t('members.remove')}>
              <IconButton aria-label={t('members.removeNamed', { name })} onClick={onRemove}>
                <PersonRemoveOutlined />
              </IconButton>
            </Tooltip>
          </Stack>
        ) : (
          <Chip
            label={t(`members.roles.${member.role}`)}
            color="primary"
            variant="outlined"
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, ml: { xs: 6.5, sm: 0 }, fontWeight: 600 }}
          />
        )}
      </Stack>
    </ListItem>
  );
};
