import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HintIconButton } from '../../components/hint-icon-button.tsx';
import { logout as revokeSession } from '../../features/auth/api/logout.ts';
import { clearSession } from '../../lib/session-store.ts';

export const LogoutButton = ({ isCompact }: { isCompact: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = async () => {
    // The token dies on the server too; a failed call (offline, already expired) must not keep anyone in.
    await revokeSession().catch(() => {});
    clearSession({ isLogout: true });
    await navigate('/login', { replace: true });
    // Only now that the protected screens are gone: dropped earlier, their data would be refetched.
    queryClient.clear();
  };
  if (isCompact) {
    return (
      <HintIconButton hint={t('nav.logout')} hintAlign="end" onClick={logout} edge="end">
        <LogoutOutlined />
      </HintIconButton>
    );
  }
  return (
    <Button color="inherit" startIcon={<LogoutOutlined />} onClick={logout}>
      {t('nav.logout')}
    </Button>
  );
};
