import type { ClubRole } from '@carta/contract/members';
import LockPersonOutlined from '@mui/icons-material/LockPersonOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NoticeScreen } from '../../components/notice-screen.tsx';
import { homeSectionOf } from '../../lib/home-section.ts';

/**
 * A club screen the account's role does not open (an address typed or kept from before a role change):
 * said politely, with the way to the role's own start, rather than a screen whose every call is refused.
 */
export const RoleRefusal = ({ clubId, role }: { clubId: number; role: ClubRole }) => {
  const { t } = useTranslation();
  return (
    <NoticeScreen
      icon={<LockPersonOutlined />}
      title={t('roles.notForRole.title')}
      text={t('roles.notForRole.text', { role: t(`clubSwitcher.roles.${role}`) })}
      actions={
        <Button component={RouterLink} to={`/clubs/${clubId}/${homeSectionOf(role)}`} variant="contained">
          {t(role === 'staff' ? 'roles.notForRole.toService' : 'roles.notForRole.toMenus')}
        </Button>
      }
    />
  );
};
